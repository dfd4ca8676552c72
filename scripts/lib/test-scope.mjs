// The suites of CI's second pass (VIGIL_TEST_SCOPE=database, against DATABASE_URL): the machine's
// PostgreSQL (15) is older and configured otherwise than the embedded one (18), so what is run
// again is what depends on the database itself. Each entry is a path prefix (vitest filter).
export const databaseScope = [
  // Migrations and the schema they build: DDL, extensions and defaults differ by version.
  'apps/server/src/platform/migrations.test.ts',
  'apps/server/test/schema/',
  // `vigil serve` and `vigil migrate` started on an external database rather than embedded.
  'apps/server/src/cli/cli.test.ts',
  // The data API compiles every request to SQL: operators, embedding, RPC, plans, errors.
  'apps/server/test/data-api/',
  // Hand-written SQL beyond plain CRUD: full-text search, JSONB upserts and change tables,
  // views, PL/pgSQL roll-up triggers, SKIP LOCKED claims, LISTEN/NOTIFY, retention deletes.
  'apps/server/test/search/',
  'apps/server/test/catalog/ingest',
  'apps/server/test/catalog/catalog-',
  'apps/server/test/catalog-lifecycle/retention.test.ts',
  'apps/server/test/topology/fixtures-runs.test.ts',
  'apps/server/test/topology/topology-api.test.ts',
  'apps/server/test/events/',
  'apps/server/test/health/engine.test.ts',
  'apps/server/test/health/replicas.test.ts',
  'apps/server/test/health/summary-api.test.ts',
  'apps/server/test/health/retention.test.ts',
  'apps/server/test/jobs/',
  'apps/server/test/settings/settings-views.test.ts',
  'apps/server/test/incidents/incidents-by-component.test.ts',
  'apps/server/test/playbooks/engine.test.ts',
];
// Left to the first pass: check types and scrapers (their targets, not Vigil's database),
// pure unit tests, the web app, roles and HTTP behaviour over the same SQL, and the browser
// suite, which drives the same server whose SQL the suites above cover.

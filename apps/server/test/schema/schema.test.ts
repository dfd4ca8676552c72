import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSchemaCache } from '../../src/data-api/schema-cache.ts';
import type { SchemaCache } from '../../src/data-api/schema-cache.types.ts';
import { createTestDatabase, type TestDatabase } from '../database.ts';
import { declaredByModules } from '../declared.ts';
import type { ExposedFunction, ExposedResource } from '../../src/data-api/resource-definition.ts';

/** Every entity the three spec documents name (issue: platform, item 5). */
const specEntities = [
  'checks',
  'check_statuses',
  'canaries',
  'components',
  'config_items',
  'config_changes',
  'config_analysis',
  'config_relationships',
  'config_scrapers',
  'topologies',
  'incidents',
  'hypotheses',
  'evidences',
  'comments',
  'responders',
  'incident_histories',
  'incident_rules',
  'playbooks',
  'playbook_runs',
  'playbook_run_actions',
  'playbook_approvals',
  'agents',
  'teams',
  'team_members',
  'people',
  'identities',
  'sessions',
  'notifications',
  'event_queue',
  'job_history',
  'properties',
  'connections',
  'logging_backends',
  'saved_queries',
];

/** Tables that hold secrets or bookkeeping and must never be reachable through the data API. */
const internalTables = new Set([
  'sessions',
  'access_tokens',
  'schema_migrations',
  'identity_flows',
  'identity_flow_errors',
  'identity_tokens',
  'attempt_limits',
  // `vigil agent`'s own bookkeeping (docs/agents.md), empty on an upstream.
  'agent_outbox',
  'agent_assigned_canaries',
  'agent_upstream_state',
  // The catalog summary's rollups (docs/catalog-api.md), read by POST /api/catalog/summary.
  'config_summary_items',
  'config_summary_changes',
  'config_summary_analysis',
  // Event changes waiting for their config item (docs/catalog-ingest.md).
  'config_change_orphans',
  // The playbook triggers' bookkeeping, kept in step with each spec (docs/playbooks.md).
  'playbook_schedules',
  'playbook_event_triggers',
  // The health engine's leases of claimed slots, each alive from claim to record (issue #28).
  'canary_slot_leases',
  // Hosted mode's organisations, read and written only by its own routes (docs/hosted.md).
  'organizations',
  'organization_members',
]);

let database: TestDatabase;
let cache: SchemaCache;
let exposedResources: readonly ExposedResource[];
let exposedFunctions: readonly ExposedFunction[];

beforeAll(async () => {
  database = await createTestDatabase();
  cache = await loadSchemaCache(database.db.pool);
  ({ resources: exposedResources, functions: exposedFunctions } = await declaredByModules(
    database.db,
  ));
});
afterAll(() => database.drop());

describe('schema', () => {
  it('has a table for every entity of the spec', () => {
    const missing = specEntities.filter((name) => !cache.relations.has(name));
    expect(missing).toEqual([]);
  });

  it('gives resource tables uuid keys, timestamps and soft delete', () => {
    for (const name of [
      'canaries',
      'checks',
      'config_items',
      'incidents',
      'playbooks',
      'connections',
      'agents',
    ]) {
      const relation = cache.relations.get(name);
      expect(relation?.primaryKey, name).toEqual(['id']);
      expect(relation?.columns.get('id')?.type, name).toBe('uuid');
      for (const column of ['created_at', 'updated_at', 'deleted_at']) {
        expect(relation?.columns.has(column), `${name}.${column}`).toBe(true);
      }
    }
  });

  it('stamps agent data with the local agent by default', async () => {
    const result = await database.db.pool.query<{ table_name: string; column_default: string }>(
      `select table_name, column_default from information_schema.columns
       where table_schema = 'public' and column_name = 'agent_id' and table_name = any($1)`,
      [['canaries', 'checks', 'components', 'config_items', 'topologies', 'config_scrapers']],
    );
    expect(result.rows).toHaveLength(6);
    for (const row of result.rows)
      expect(row.column_default, row.table_name).toContain('00000000-0000-0000-0000-000000000000');
  });
});

describe('data API resources declared by the modules', () => {
  it('names only relations and functions that exist', () => {
    expect(exposedResources.filter((r) => !cache.relations.has(r.name)).map((r) => r.name)).toEqual(
      [],
    );
    expect(exposedFunctions.filter((f) => !cache.functions.has(f.name)).map((f) => f.name)).toEqual(
      [],
    );
  });

  it('hides only columns that exist, and exposes no internal table', () => {
    for (const resource of exposedResources) {
      for (const column of resource.hiddenColumns ?? []) {
        expect(
          cache.relations.get(resource.name)?.columns.has(column),
          `${resource.name}.${column}`,
        ).toBe(true);
      }
      expect(internalTables.has(resource.name), resource.name).toBe(false);
    }
  });

  it('decides about every table: exposed or internal', () => {
    const exposed = new Set(exposedResources.map((r) => r.name));
    const undecided = [...cache.relations.values()]
      .filter((relation) => relation.kind === 'table')
      .map((relation) => relation.name)
      .filter((name) => !exposed.has(name) && !internalTables.has(name));
    expect(undecided).toEqual([]);
  });

  it('hides secrets', () => {
    const hidden = (name: string): readonly string[] =>
      exposedResources.find((r) => r.name === name)?.hiddenColumns ?? [];
    expect(hidden('connections')).toEqual(expect.arrayContaining(['password', 'certificate']));
    expect(hidden('identities')).toEqual(expect.arrayContaining(['credentials']));
  });
});

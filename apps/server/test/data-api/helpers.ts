import { PostgrestClient } from '@supabase/postgrest-js';
import type { ExposedResource } from '../../src/data-api/resource-definition.ts';
import type { Role } from '@vigil/domain';
import { afterAll, beforeAll, expect } from 'vitest';
import { startTestApp, testActorHeader, type TestApp, type TestAppOptions } from '../app.ts';

export type JsonRow = Record<string, unknown>;

export const ids = {
  alice: '01900000-0000-7000-8000-000000000001',
  bob: '01900000-0000-7000-8000-000000000002',
  edge: '01900000-0000-7000-8000-000000000010',
  canaryHttp: '01900000-0000-7000-8000-000000000020',
  canaryDns: '01900000-0000-7000-8000-000000000021',
  checkA: '01900000-0000-7000-8000-000000000030',
  checkB: '01900000-0000-7000-8000-000000000031',
  checkC: '01900000-0000-7000-8000-000000000032',
  scraper: '01900000-0000-7000-8000-000000000040',
  cluster: '01900000-0000-7000-8000-000000000050',
  node: '01900000-0000-7000-8000-000000000051',
  pod: '01900000-0000-7000-8000-000000000052',
  incident: '01900000-0000-7000-8000-000000000060',
  hypothesis: '01900000-0000-7000-8000-000000000061',
  team: '01900000-0000-7000-8000-000000000070',
  connection: '01900000-0000-7000-8000-000000000080',
  identity: '01900000-0000-7000-8000-000000000090',
} as const;

const seedSql = `
insert into people (id, name, email) values
  ('${ids.alice}', 'Alice', 'alice@example.com'), ('${ids.bob}', 'Bob', 'bob@example.com');
insert into agents (id, name, created_by, properties) values
  ('${ids.edge}', 'edge', '${ids.alice}', '{"region": "eu"}');
insert into canaries (id, name, namespace, labels, spec, created_by) values
  ('${ids.canaryHttp}', 'http-canary', 'prod', '{"env": "prod", "team": "sre"}', '{}', '${ids.alice}'),
  ('${ids.canaryDns}', 'dns-canary', 'dev', '{"env": "dev"}', '{}', null);
insert into checks (id, canary_id, type, name, status, severity, labels, created_at) values
  ('${ids.checkA}', '${ids.canaryHttp}', 'http', 'homepage', 'healthy', 'high', '{"env": "prod"}', now() - interval '5 days'),
  ('${ids.checkB}', '${ids.canaryHttp}', 'http', 'api', 'unhealthy', 'critical', '{"env": "prod", "tier": "api"}', now() - interval '1 day'),
  ('${ids.checkC}', '${ids.canaryDns}', 'dns', 'resolver', null, 'low', '{}', now() - interval '1 hour');
insert into config_scrapers (id, name, spec) values ('${ids.scraper}', 'kubernetes', '{}');
insert into config_items (id, name, type, health, tags, config, external_id, parent_id, scraper_id, agent_id, created_by) values
  ('${ids.cluster}', 'prod-cluster', 'Kubernetes::Cluster', 'healthy', '{"cluster": "prod"}',
   '{"spec": {"replicas": 3, "image": "nginx"}, "items": [1, 2]}', '{a,b}', null, '${ids.scraper}', '${ids.edge}', '${ids.alice}'),
  ('${ids.node}', 'node-1', 'Kubernetes::Node', 'warning', '{"cluster": "prod", "zone": "a"}',
   '{"spec": {"replicas": 1}}', '{c}', '${ids.cluster}', '${ids.scraper}', '00000000-0000-0000-0000-000000000000', null),
  ('${ids.pod}', 'web-pod', 'Kubernetes::Pod', 'unhealthy', '{"cluster": "dev"}',
   null, null, '${ids.node}', null, '00000000-0000-0000-0000-000000000000', '${ids.bob}');
insert into config_relationships (config_id, related_id) values
  ('${ids.cluster}', '${ids.node}'), ('${ids.node}', '${ids.pod}');
insert into config_changes (config_id, change_type, severity, summary, created_at) values
  ('${ids.cluster}', 'diff', 'info', 'scaled', now() - interval '1 day'),
  ('${ids.cluster}', 'deleted', 'high', 'removed', now() - interval '10 days'),
  ('${ids.pod}', 'diff', 'low', 'image bump', now() - interval '1 hour');
insert into config_analysis (config_id, analyzer, analysis_type, severity) values
  ('${ids.node}', 'disk', 'reliability', 'medium');
insert into incidents (id, title, commander_id, communicator_id, created_by, severity) values
  ('${ids.incident}', 'Checkout down', '${ids.alice}', '${ids.bob}', '${ids.bob}', 'high');
insert into hypotheses (id, incident_id, type, title) values
  ('${ids.hypothesis}', '${ids.incident}', 'root', 'Bad deploy');
insert into evidences (hypothesis_id, type, description, config_id) values
  ('${ids.hypothesis}', 'config', 'pod crashed', '${ids.pod}');
insert into teams (id, name, created_by) values ('${ids.team}', 'sre', '${ids.alice}');
insert into team_members (team_id, person_id) values ('${ids.team}', '${ids.alice}');
insert into properties (name, value) values ('incidents.disable', 'false'), ('logs.disable', 'true');
insert into connections (id, name, type, url, username, password, certificate) values
  ('${ids.connection}', 'db', 'postgres', 'postgres://db', 'app', 'hunter2', 'PEM');
insert into identities (id, traits, credentials, metadata_admin) values
  ('${ids.identity}', '{"email": "alice@example.com"}', '{"password": "hash"}', '{"x": 1}');
`;

export interface DataApiTestContext extends TestApp {
  /** A postgrest-js client acting as the role (a viewer unless told), or 'anonymous'. */
  client(role?: Caller): PostgrestClient;
  /** A raw request to /api/db/{path}; returns status, headers and the parsed JSON body. */
  request(path: string, init?: RawInit): Promise<RawResponse>;
  query<T extends JsonRow = JsonRow>(text: string, values?: unknown[]): Promise<T[]>;
}

/** Who a test request acts as; 'anonymous' sends no session at all. */
export type Caller = Role | 'anonymous';

export interface RawInit {
  readonly method?: string;
  /** A viewer unless told. */
  readonly role?: Caller;
  readonly headers?: Record<string, string>;
  readonly body?: unknown;
  /** Sent as is, not JSON-encoded. */
  readonly rawBody?: string;
}

export interface RawResponse {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
  readonly json: unknown;
}

/** Starts the API on a fresh database with a small, known data set. */
export async function startDataApi(options: TestAppOptions = {}): Promise<DataApiTestContext> {
  const app = await startTestApp(options);
  await app.database.db.pool.query(seedSql);
  return {
    ...app,
    client(role = 'viewer') {
      return new PostgrestClient(`${app.baseUrl}/api/db`, {
        headers: role === 'anonymous' ? {} : { [testActorHeader]: role },
      });
    },
    async request(path, init = {}) {
      const headers: Record<string, string> = { ...init.headers };
      const role = init.role ?? 'viewer';
      if (role !== 'anonymous') headers[testActorHeader] = role;
      let body: string | undefined = init.rawBody;
      if (init.body !== undefined) {
        body = JSON.stringify(init.body);
        headers['content-type'] ??= 'application/json';
      }
      const response = await fetch(`${app.baseUrl}/api/db/${path}`, {
        method: init.method ?? 'GET',
        headers,
        ...(body !== undefined ? { body } : {}),
      });
      const text = await response.text();
      return { status: response.status, headers: response.headers, text, json: parseJson(text) };
    },
    async query<T extends JsonRow>(text: string, values: unknown[] = []) {
      const result = await app.database.db.pool.query<T>(text, values);
      return result.rows;
    },
  };
}

function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return value;
  } catch {
    return text;
  }
}

/** Narrows a response body to a list of rows, failing the test otherwise. */
export function rowsOf(data: unknown): JsonRow[] {
  expect(Array.isArray(data)).toBe(true);
  return Array.isArray(data) ? data.filter(isRow) : [];
}

export function rowOf(data: unknown): JsonRow {
  expect(isRow(data)).toBe(true);
  return isRow(data) ? data : {};
}

export function isRow(value: unknown): value is JsonRow {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function field(data: unknown, key: string): unknown {
  return isRow(data) ? data[key] : undefined;
}

/** Asserts PostgREST's error shape and returns the code. */
export function expectPgrstError(body: unknown, code?: string): void {
  const error = rowOf(body);
  expect(Object.keys(error).sort()).toEqual(['code', 'details', 'hint', 'message']);
  expect(typeof error.code).toBe('string');
  expect(typeof error.message).toBe('string');
  if (code !== undefined) expect(error.code).toBe(code);
}

export function names(rows: readonly JsonRow[], key = 'name'): unknown[] {
  return rows.map((row) => row[key]);
}

export interface DataApiHandle {
  readonly baseUrl: string;
  client(role?: Caller): PostgrestClient;
  request(path: string, init?: RawInit): Promise<RawResponse>;
  query<T extends JsonRow = JsonRow>(text: string, values?: unknown[]): Promise<T[]>;
  /** Rows in a table that match a trusted SQL condition, read directly from the database. */
  count(table: string, where?: string): Promise<number>;
  /** The resources the modules declare to the data API. */
  readonly resources: readonly ExposedResource[];
}

/** Starts the data API before the file's tests and closes it after them. */
export function useDataApi(options: TestAppOptions = {}): DataApiHandle {
  let started: DataApiTestContext | undefined;
  beforeAll(async () => {
    started = await startDataApi(options);
  });
  afterAll(async () => {
    await started?.close();
  });
  const current = (): DataApiTestContext => {
    if (!started) throw new Error('the data API starts in beforeAll; use it inside a test');
    return started;
  };
  return {
    get baseUrl() {
      return current().baseUrl;
    },
    get resources() {
      return current().api.dataApi.declared.resources;
    },
    client: (role) => current().client(role),
    request: (path, init) => current().request(path, init),
    query: <T extends JsonRow>(text: string, values?: unknown[]) =>
      current().query<T>(text, values),
    async count(table, where = 'true') {
      const rows = await current().query<{ n: number }>(
        `select count(*)::int as n from ${table} where ${where}`,
      );
      return rows[0]?.n ?? -1;
    },
  };
}

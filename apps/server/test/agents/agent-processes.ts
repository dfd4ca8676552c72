import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import pg from 'pg';
import { z } from 'zod';
import { agentRunningLinePattern, runningLinePattern } from '../../src/cli/running-line.ts';
import { createAccessTokenService } from '../../src/modules/identity/access-tokens/access-tokens.service.ts';
import { createTestDatabase, type TestDatabase } from '../database.ts';
import { reportedPort, spawnVigil, type VigilProcess } from './vigil-process.ts';

export const processMetricsToken = 'agent-test-metrics-token';
export const processMetricsHeaders = { authorization: `Bearer ${processMetricsToken}` };

/** An upstream `vigil serve` on loopback, on its own database; restartable on the same port. */
export async function startUpstream(
  dataDir: string,
  database: TestDatabase,
  port = 0,
  env: NodeJS.ProcessEnv = {},
) {
  const server = spawnVigil(['serve'], {
    ...env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: database.url,
    VIGIL_DATA_DIR: dataDir,
    VIGIL_SECRET_KEY: 'agent-test-secret-key-'.repeat(3),
    VIGIL_WEB_DIR: dataDir,
    VIGIL_METRICS_TOKEN: processMetricsToken,
  });
  await server.waitFor(runningLinePattern);
  const chosen = reportedPort(server.output(), runningLinePattern);
  return { server, port: chosen, url: `http://127.0.0.1:${chosen}` };
}

export interface AgentProcessOptions {
  readonly upstream: string;
  readonly token: string;
  readonly name: string;
  readonly canariesDir: string;
  /** Unset: the agent's own embedded PostgreSQL in dataDir, as shipped. */
  readonly database?: TestDatabase;
  readonly dataDir: string;
  readonly env?: NodeJS.ProcessEnv;
}

/** A started `vigil agent` and the port of its health and metrics endpoints. */
export interface AgentProcess extends VigilProcess {
  /** Resolves once the agent has started, with the port the system gave it. */
  readonly started: Promise<number>;
}

/** `vigil agent` exactly as an operator runs it, with short intervals for the test. */
export function startAgentProcess(options: AgentProcessOptions): AgentProcess {
  const agent = spawnVigil(
    [
      'agent',
      '--upstream',
      options.upstream,
      '--token',
      options.token,
      '--name',
      options.name,
      '--canaries',
      options.canariesDir,
      '--data-dir',
      options.dataDir,
      '--port',
      '0',
      '--host',
      '127.0.0.1',
    ],
    {
      DATABASE_URL: options.database?.url ?? '',
      VIGIL_SECRET_KEY: 'agent-test-secret-key-'.repeat(3),
      VIGIL_AGENT_PUSH_INTERVAL: '1',
      VIGIL_AGENT_HEARTBEAT: '2',
      VIGIL_AGENT_BACKOFF: '0.2',
      VIGIL_AGENT_BACKOFF_MAX: '2',
      VIGIL_METRICS_TOKEN: processMetricsToken,
      ...options.env,
    },
  );
  const started = agent
    .waitFor(agentRunningLinePattern)
    .then(() => reportedPort(agent.output(), agentRunningLinePattern));
  // A test that never awaits it must not see an unhandled rejection when the agent is stopped.
  started.catch(() => undefined);
  return { ...agent, started };
}

/** An admin with a personal access token on the upstream's database, to call its API. */
export async function adminToken(database: TestDatabase): Promise<string> {
  const { rows } = await database.db.pool.query<{ id: string }>(
    `insert into people (name, email) values ('Agent admin', 'agent-admin@example.com') returning id`,
  );
  const id = z.object({ id: z.string() }).parse(rows[0]).id;
  await database.db.pool.query(`insert into person_roles (person_id, role) values ($1, 'admin')`, [
    id,
  ]);
  const issued = await createAccessTokenService(database.db).issue({
    personId: id,
    name: 'agent-tests',
    ttlSeconds: 3600,
    createdBy: null,
  });
  return issued.token;
}

/** Calls the upstream's API as the admin. */
export async function callUpstream(
  base: string,
  token: string,
  method: string,
  apiPath: string,
  body?: unknown,
): Promise<{ status: number; json: unknown }> {
  const response = await fetch(`${base}/api/${apiPath}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      prefer: 'return=representation',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  const json: unknown = text ? JSON.parse(text) : null;
  return { status: response.status, json };
}

const generated = z.object({ id: z.string(), access_token: z.string() });

export async function generateAgent(
  base: string,
  token: string,
  name: string,
  properties: Record<string, string>,
): Promise<{ id: string; token: string }> {
  const reply = await callUpstream(base, token, 'POST', 'agent/generate', { name, properties });
  if (reply.status !== 201)
    throw new Error(`generate: ${reply.status} ${JSON.stringify(reply.json)}`);
  const body = generated.parse(reply.json);
  return { id: body.id, token: body.access_token };
}

/** A local HTTP target the agents check; answers 200 on every path. */
export async function startTarget(): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((_request, response) => response.end('ok'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A folder under `parent` with one Canary manifest of `count` HTTP checks at `@every <every>`. */
export async function canaryFolder(
  parent: string,
  name: string,
  target: string,
  count: number,
  every = '1s',
): Promise<string> {
  const dir = path.join(parent, `canaries-${name}`);
  await fs.mkdir(dir, { recursive: true });
  const checks = Array.from(
    { length: count },
    (_, i) => `    - name: ${name}-${i}\n      url: ${target}/${name}/${i}\n`,
  ).join('');
  await fs.writeFile(
    path.join(dir, `${name}.yaml`),
    `apiVersion: canaries.flanksource.com/v1\nkind: Canary\nmetadata:\n  name: ${name}\n  namespace: edge\n  labels:\n    team: web\nspec:\n  schedule: "@every ${every}"\n  http:\n${checks}`,
  );
  return dir;
}

export { createTestDatabase };

const embeddedState = z.object({ port: z.number(), password: z.string() });

/** Runs one query on an agent's embedded PostgreSQL (a fresh connection: it may restart). */
export async function queryEmbedded(
  dataDir: string,
  text: string,
  values: unknown[] = [],
): Promise<Record<string, unknown>[]> {
  const state = embeddedState.parse(
    JSON.parse(await fs.readFile(path.join(dataDir, 'embedded-postgres.json'), 'utf8')),
  );
  const client = new pg.Client({
    connectionString: `postgres://postgres:${encodeURIComponent(state.password)}@127.0.0.1:${state.port}/vigil`,
  });
  client.on('error', () => undefined);
  await client.connect();
  try {
    return (await client.query<Record<string, unknown>>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** Stops an embedded PostgreSQL a killed agent left behind (after a failed test). */
export async function stopOrphanedPostgres(dataDir: string): Promise<void> {
  const pidFile = await fs
    .readFile(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8')
    .catch(() => undefined);
  const pid = Number(pidFile?.split('\n')[0]);
  if (Number.isInteger(pid) && pid > 0) {
    try {
      process.kill(pid, 'SIGINT');
    } catch {
      // already gone
    }
  }
}

/** Polls until `probe` answers true, or throws after timeoutMs. */
export async function eventually(
  probe: () => Promise<boolean>,
  timeoutMs: number,
  what: string,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await probe()) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
}

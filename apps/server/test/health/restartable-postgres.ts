import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { pino } from 'pino';
import { parseCanarySpec } from '../../src/modules/health/canaries/canary-spec.ts';
import { syncChecks } from '../../src/modules/health/canaries/checks.repository.ts';
import { localAgentId } from '@vigil/domain';
import {
  startEmbeddedPostgres,
  type EmbeddedPostgres,
} from '../../src/platform/embedded-postgres.ts';
import { runMigrations } from '../../src/platform/migrations.ts';

/** A migrated embedded PostgreSQL of a test's own, which the test can stop and start again. */
export interface RestartablePostgres {
  readonly url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops the server and deletes its data dir. */
  destroy(): Promise<void>;
}

export async function startRestartablePostgres(): Promise<RestartablePostgres> {
  const log = pino({ level: 'warn' });
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'vigil-restart-'));
  await fs.chmod(dir, 0o755);
  let server: EmbeddedPostgres | undefined = await startEmbeddedPostgres(dir, log);
  const url = server.url;
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  try {
    await runMigrations(pool, log);
  } finally {
    await pool.end();
  }
  return {
    url,
    async stop() {
      await server?.stop();
      server = undefined;
    },
    async start() {
      server ??= await startEmbeddedPostgres(dir, log);
    },
    async destroy() {
      await server?.stop();
      server = undefined;
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}

/** Stores canaries as the data API's write hook would: the row, its schedule and its checks. */
export async function insertCanaries(
  url: string,
  canaries: ReadonlyArray<{ name: string; spec: Record<string, unknown> }>,
): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const canary of canaries) {
      const parsed = parseCanarySpec(canary.spec);
      if (!parsed.ok) throw new Error(`${parsed.field} ${parsed.message}`);
      const inserted = await client.query<{ id: string }>(
        `insert into canaries (name, spec, schedule, next_runtime)
         values ($1, $2, $3, now() + interval '1 second' + random() * interval '1 second')
         returning id`,
        [canary.name, canary.spec, parsed.schedule ?? null],
      );
      const id = inserted.rows[0]?.id ?? '';
      await syncChecks(client, { id, namespace: 'default', agentId: localAgentId }, parsed.checks);
    }
  } finally {
    await client.end();
  }
}

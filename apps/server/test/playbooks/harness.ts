import { roleSchema } from '@vigil/domain';
import { pino } from 'pino';
import type { Actor } from '../../src/platform/http/actor.ts';
import { parse } from 'yaml';
import { createSealer } from '../../src/platform/crypto.ts';
import type { Queryable } from '../../src/platform/db.ts';
import { createValueResolver } from '../../src/platform/values/values.ts';
import { createConnectionResolver } from '../../src/modules/connections/connections.module.ts';
import { sendThroughConnection } from '../../src/modules/notifications/index.ts';
import {
  createRunEngine,
  type RunEngine,
  type RunEngineSettings,
} from '../../src/modules/playbooks/engine/run-engine.ts';
import { createRunsService } from '../../src/modules/playbooks/runs/runs.service.ts';
import { parsePlaybookSpec } from '../../src/modules/playbooks/spec/playbook-spec.ts';
import { createTestDatabase, type TestDatabase } from '../database.ts';

export const fastEngine: RunEngineSettings = {
  pollMs: 40,
  leaseMs: 600,
  concurrency: 8,
  defaultRunTimeoutMs: 60_000,
};

/** A test database with the playbook engine and run verbs over it, no HTTP. */
export async function playbookHarness(settings: Partial<RunEngineSettings> = {}) {
  const database: TestDatabase = await createTestDatabase();
  const { db } = database;
  const values = createValueResolver(undefined);
  const sealer = createSealer('test-secret-key-'.repeat(4));
  const connections = createConnectionResolver(db, sealer, values);
  const log = pino({ level: 'silent' });
  const engines: RunEngine[] = [];
  const newEngine = (overrides: Partial<RunEngineSettings> = {}) => {
    const engine = createRunEngine(
      {
        db,
        log,
        connections,
        notify: sendThroughConnection,
        values,
        sealer,
        defaultActionTimeoutMs: 30_000,
      },
      { ...fastEngine, ...settings, ...overrides },
    );
    engines.push(engine);
    return engine;
  };
  const engine = newEngine();
  const enqueue = async (
    client: Queryable,
    events: ReadonlyArray<{ name: string; eventId?: string; properties?: Record<string, unknown> }>,
  ) => {
    for (const event of events) {
      await client.query(
        'insert into event_queue (name, event_id, properties) values ($1, $2, $3)',
        [event.name, event.eventId ?? null, JSON.stringify(event.properties ?? {})],
      );
    }
    return { queued: events.length, filtered: 0, duplicates: 0 };
  };
  const runs = createRunsService({
    db,
    enqueue,
    sealer,
    wake: () => engines.forEach((e) => e.wake()),
  });

  return {
    database,
    db,
    engine,
    newEngine,
    runs,
    /** Stores a playbook from YAML (its spec must be valid); answers its id. */
    async playbook(name: string, specYaml: string): Promise<string> {
      const parsed = parsePlaybookSpec(parse(specYaml));
      if (!parsed.ok) throw new Error(`${parsed.field} ${parsed.message}`);
      const found = await db.pool.query<{ id: string }>(
        `insert into playbooks (name, spec) values ($1, $2) returning id`,
        [name, JSON.stringify(parsed.spec)],
      );
      return found.rows[0]?.id ?? '';
    },
    async person(name: string, roles: string[] = ['admin']) {
      const found = await db.pool.query<{ id: string }>(
        `insert into people (name, email) values ($1, $2) returning id`,
        [name, `${name}@example.test`],
      );
      const id = found.rows[0]?.id ?? '';
      const actor: Actor = { kind: 'user', id, roles: roles.map((role) => roleSchema.parse(role)) };
      return actor;
    },
    /** Waits until the run is in one of `statuses`; answers its detail. */
    async waitFor(runId: string, statuses: readonly string[], timeoutMs = 15_000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const found = await db.pool.query<{ status: string }>(
          'select status from playbook_runs where id = $1',
          [runId],
        );
        const status = found.rows[0]?.status ?? '';
        if (statuses.includes(status)) return status;
        if (Date.now() > until) throw new Error(`run ${runId} stayed ${status}`);
        await new Promise((resolve) => setTimeout(resolve, 40));
      }
    },
    async actions(runId: string) {
      const found = await db.pool.query<{
        name: string;
        status: string;
        result: Record<string, unknown> | null;
        error: string | null;
        retry_count: number;
        start_time: Date | null;
        scheduled_time: Date;
        end_time: Date | null;
      }>(
        `select name, status, result, error, retry_count, start_time, scheduled_time, end_time
         from playbook_run_actions where playbook_run_id = $1 order by position`,
        [runId],
      );
      return found.rows;
    },
    async close() {
      for (const e of engines) await e.stop();
      await database.drop();
    },
  };
}

export type PlaybookHarness = Awaited<ReturnType<typeof playbookHarness>>;

import { pino } from 'pino';
import { Registry } from 'prom-client';
import { z } from 'zod';
import type { EnqueueResult, EventFilter } from '../../src/modules/events/enqueue.ts';
import type { EventConsumer } from '../../src/modules/events/event-consumer.ts';
import type { NewEvent } from '../../src/modules/events/event.ts';
import {
  createEvents,
  defaultEventQueueSettings,
  type EventQueueSettings,
  type Events,
} from '../../src/modules/events/events.module.ts';
import type { Database, Queryable } from '../../src/platform/db.ts';

/** Test settings: small batches and backoff, and a poll slow enough that NOTIFY must do the work. */
export const testSettings: EventQueueSettings = {
  ...defaultEventQueueSettings,
  batchSize: 50,
  backoff: { baseMs: 200, maxMs: 5000 },
  pollMs: 60_000,
};

export function startEvents(
  db: Database,
  consumers: readonly EventConsumer[],
  options: {
    settings?: Partial<EventQueueSettings>;
    filters?: ReadonlyMap<string, readonly EventFilter[]>;
  } = {},
): Events {
  return createEvents({
    db,
    // EVENTS_LOG=warn shows the workers' own account when a test fails.
    log: pino({ level: process.env.EVENTS_LOG ?? 'silent' }),
    metrics: new Registry(),
    settings: { ...testSettings, ...options.settings },
    consumers,
    ...(options.filters ? { filters: options.filters } : {}),
  });
}

export function enqueueIn(
  db: Database,
  events: Events,
  list: readonly NewEvent[],
): Promise<EnqueueResult> {
  return db.transaction((client) => events.enqueue(client, list));
}

const queueRow = z.object({
  id: z.string(),
  name: z.string(),
  event_id: z.string().nullable(),
  properties: z.record(z.string(), z.unknown()).nullable(),
  attempts: z.number(),
  error: z.string().nullable(),
  last_attempt: z.date().nullable(),
  first_failure: z.date().nullable(),
  created_at: z.date(),
});
export type QueueRow = z.infer<typeof queueRow>;

export async function queueRows(db: Queryable, name?: string): Promise<QueueRow[]> {
  const result = await db.query(
    `select id, name, event_id, properties, attempts, error, last_attempt, first_failure, created_at
     from event_queue where $1::text is null or name = $1 order by created_at, id`,
    [name ?? null],
  );
  return z.array(queueRow).parse(result.rows);
}

export async function countRows(db: Queryable, sql: string, values: unknown[] = []) {
  const result = await db.query(sql, values);
  return z.object({ n: z.coerce.number() }).parse(result.rows[0]).n;
}

/** Polls until `probe` returns a value (not undefined), or fails after `timeoutMs`. */
export async function eventually<T>(
  probe: () => Promise<T | undefined>,
  timeoutMs = 15_000,
  what = 'condition',
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A consumer that records each event it sees, in order, and succeeds. */
export function recordingConsumer(name: string, events: readonly string[]) {
  const seen: Array<{ id: string; eventId: string | null; at: number }> = [];
  const consumer: EventConsumer = {
    name,
    events,
    async handle(event) {
      seen.push({ id: event.id, eventId: event.eventId, at: Date.now() });
    },
  };
  return { consumer, seen };
}

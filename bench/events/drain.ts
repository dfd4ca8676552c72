import { pino } from 'pino';
import { Registry } from 'prom-client';
import type { EventConsumer } from '../../apps/server/src/modules/events/event-consumer.ts';
import {
  createEvents,
  defaultEventQueueSettings,
} from '../../apps/server/src/modules/events/events.module.ts';
import type { Database } from '../../apps/server/src/platform/db.ts';

export interface DrainSettings {
  readonly events: number;
  /** Claim loops: the "consumers" of the goal. */
  readonly consumers: number;
  readonly batchSize: number;
}

export interface DrainRun {
  readonly ms: number;
  readonly eventsPerSecond: number;
  readonly handled: number;
}

const benchEvent = 'bench.noop';

/** Queues `events` events, then times the consumers from start() until the queue is empty. */
export async function drainOnce(db: Database, settings: DrainSettings): Promise<DrainRun> {
  let handled = 0;
  const consumer: EventConsumer = {
    name: 'bench-noop',
    events: [benchEvent],
    async handle() {
      handled++;
    },
  };
  const events = createEvents({
    db,
    log: pino({ level: 'warn' }),
    metrics: new Registry(),
    settings: {
      ...defaultEventQueueSettings,
      loops: settings.consumers,
      batchSize: settings.batchSize,
    },
    consumers: [consumer],
  });
  await db.pool.query(`delete from event_queue`);
  await db.transaction((client) =>
    events.enqueue(
      client,
      Array.from({ length: settings.events }, (_, i) => ({
        name: benchEvent,
        eventId: `e${i}`,
        properties: { i },
      })),
    ),
  );
  await db.pool.query(`vacuum analyze event_queue`);
  const started = performance.now();
  events.start();
  try {
    // The handler count is free to read; the database is asked only once everything was seen.
    while (handled < settings.events) await new Promise((resolve) => setTimeout(resolve, 2));
    while (await remaining(db)) await new Promise((resolve) => setTimeout(resolve, 2));
    const ms = performance.now() - started;
    return { ms, eventsPerSecond: (settings.events / ms) * 1000, handled };
  } finally {
    await events.stop();
  }
}

async function remaining(db: Database): Promise<number> {
  const result = await db.pool.query<{ n: number }>(`select count(*)::int as n from event_queue`);
  return result.rows[0]?.n ?? 0;
}

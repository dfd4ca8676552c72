import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { pino } from 'pino';
import { createDatabase } from '../apps/server/src/platform/db.ts';
import { createBenchDatabase } from './database.ts';
import { drainOnce, type DrainRun } from './events/drain.ts';
import { goalLine, writeEventQueueResults, type EventQueueBench } from './events/report.ts';
import { median } from './measure.ts';

/**
 * Event queue throughput (bench/runs/event-queue.md): 10,000 events through a
 * no-op consumer with 2 consumers, the median of several runs against the 2,000 events/s goal.
 */
const settings = {
  events: positive('BENCH_EVENTS', 10_000),
  consumers: positive('BENCH_EVENT_CONSUMERS', 2),
  batchSize: positive('BENCH_EVENT_BATCH', 100),
};
const runs = positive('BENCH_RUNS', 5);
const write = !process.argv.includes('--no-write');

const cleanups: Array<() => Promise<unknown>> = [];
async function cleanUp(): Promise<void> {
  for (const step of cleanups.splice(0).reverse()) {
    await step().catch((error: unknown) => console.error('bench: clean-up step failed', error));
  }
}
const deadline = setTimeout(() => {
  console.error('bench: still running after 15 min; stopping');
  void cleanUp().finally(() => process.exit(2));
}, 15 * 60_000);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void cleanUp().finally(() => process.exit(130)));
}

try {
  console.log('bench: starting PostgreSQL and migrating a fresh database');
  const database = await createBenchDatabase(pino({ level: 'warn' }));
  cleanups.push(() => database.drop());
  // The server's default pool size.
  const db = createDatabase(database.url, 20);
  cleanups.push(() => db.close());
  console.log('bench: warm-up run');
  await drainOnce(db, { ...settings, events: Math.min(settings.events, 2000) });
  const results: DrainRun[] = [];
  for (let i = 0; i < runs; i++) {
    const run = await drainOnce(db, settings);
    if (run.handled !== settings.events) throw new Error(`handled ${run.handled} events`);
    results.push(run);
    console.log(
      `bench: run ${i + 1}: ${settings.events} events in ${run.ms.toFixed(0)} ms, ` +
        `${Math.round(run.eventsPerSecond)} events/s`,
    );
  }
  const bench: EventQueueBench = {
    date: new Date().toISOString(),
    command: 'npm run bench:event-queue',
    machine: `${os.availableParallelism()} CPUs, Node ${process.version}, PostgreSQL ${database.serverVersion} (${database.source}), load ${os.loadavg()[0]?.toFixed(1)}`,
    settings,
    runs: results,
    medianEventsPerSecond: median(results.map((r) => r.eventsPerSecond)),
  };
  console.log(`\nbench: ${goalLine(bench).replaceAll('**', '')}\n`);
  if (write) {
    await writeEventQueueResults(
      fileURLToPath(new URL('./runs/event-queue.md', import.meta.url)),
      bench,
    );
    console.log('bench: wrote the event_queue section of bench/runs/event-queue.md');
  }
} finally {
  await cleanUp();
  clearTimeout(deadline);
}

function positive(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer`);
  return value;
}

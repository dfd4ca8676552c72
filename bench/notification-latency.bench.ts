import fs from 'node:fs/promises';
import { createServer } from 'node:http';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { localAgentId } from '@vigil/domain';
import { pino } from 'pino';
import { Registry } from 'prom-client';
import { z } from 'zod';
import { createConnectionResolver } from '../apps/server/src/modules/connections/connection-resolver.ts';
import {
  createEvents,
  defaultEventQueueSettings,
} from '../apps/server/src/modules/events/events.module.ts';
import type { CheckResult } from '../apps/server/src/modules/health/history/check-result.ts';
import { writeResults } from '../apps/server/src/modules/health/history/results.repository.ts';
import { notificationConsumer } from '../apps/server/src/modules/notifications/notifications.consumer.ts';
import { createSealer } from '../apps/server/src/platform/crypto.ts';
import { createDatabase } from '../apps/server/src/platform/db.ts';
import { createBenchDatabase } from './database.ts';

/**
 * Notification latency (bench/runs/notification-latency.md): checks flap every round;
 * each transition is written by the health result writer (which queues check.failed/passed)
 * and delivered by the notifications consumer to a webhook on loopback. Latency is from the
 * commit of the transition to the webhook's arrival; the goal is p99 under 2 s.
 */
const checks = positive('BENCH_CHECKS', 500);
const rounds = positive('BENCH_ROUNDS', 10);
const roundMs = positive('BENCH_ROUND_MS', 2000);
const goalMs = 2000;
const write = !process.argv.includes('--no-write');

const cleanups: Array<() => Promise<unknown>> = [];
const deadline = setTimeout(() => {
  console.error('bench: still running after 10 min; stopping');
  process.exit(2);
}, 10 * 60_000);

try {
  console.log('bench: starting PostgreSQL and migrating a fresh database');
  const database = await createBenchDatabase(pino({ level: 'warn' }));
  cleanups.push(() => database.drop());
  const db = createDatabase(database.url, 20);
  cleanups.push(() => db.close());

  const arrivals = new Map<string, number>();
  const receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      const { message } = z.object({ message: z.string() }).parse(JSON.parse(body));
      arrivals.set(message, performance.now());
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise((resolve) => receiver.close(resolve)));
  const address = receiver.address();
  if (address === null || typeof address === 'string') throw new Error('no receiver port');

  const canary = await db.pool.query<{ id: string }>(
    `insert into canaries (name, spec) values ('bench', '{}') returning id`,
  );
  const canaryId = canary.rows[0]?.id ?? '';
  const seeded = await db.pool.query<{ id: string }>(
    `insert into checks (canary_id, type, name, status)
     select $1, 'http', 'check-' || i, 'healthy' from generate_series(1, $2) i returning id`,
    [canaryId, checks],
  );
  const checkIds = seeded.rows.map((row) => row.id);
  await db.pool.query(
    `insert into connections (name, type, url) values ('bench-hook', 'generic_webhook', $1)`,
    [`http://127.0.0.1:${address.port}/hook`],
  );
  await db.pool.query(
    `insert into notifications (events, template, custom_services)
     values ('{check.failed,check.passed}', '{{ .check.id }}|{{ .properties.last_runtime }}',
             '[{"connection":"connection://default/bench-hook","name":"bench"}]')`,
  );

  const events = createEvents({
    db,
    log: pino({ level: 'warn' }),
    metrics: new Registry(),
    settings: { ...defaultEventQueueSettings, pollMs: 1000 },
    consumers: [
      notificationConsumer({
        db,
        resolveConnection: createConnectionResolver(db, createSealer('bench-key-'.repeat(4))),
        emailConnection: 'connection://default/smtp',
      }),
    ],
  });
  events.start();
  cleanups.push(() => events.stop());

  // Each round's results carry a distinct time, so a delivery names its round.
  const base = Date.now() - rounds * 1000;
  const committed: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const started = performance.now();
    const time = new Date(base + round * 1000);
    const pass = round % 2 === 1;
    const results = checkIds.map((checkId): CheckResult => ({
      checkId,
      canaryId,
      time,
      duration: 5,
      pass,
      invalid: false,
      message: null,
      error: pass ? null : 'down',
      detail: null,
      nextRuntime: null,
    }));
    await db.transaction((client) =>
      writeResults(client, results, [
        {
          canaryId,
          canaryName: 'bench',
          agentId: localAgentId,
          start: time,
          durationMs: 5,
          passed: pass ? checks : 0,
          failed: pass ? 0 : checks,
          errors: [],
        },
      ]),
    );
    committed.push(performance.now());
    const wait = roundMs - (performance.now() - started);
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }
  const expected = checks * rounds;
  const waitUntil = Date.now() + 60_000;
  while (arrivals.size < expected && Date.now() < waitUntil) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const latencies: number[] = [];
  for (const [message, arrived] of arrivals) {
    const [, runtime = ''] = message.split('|');
    const round = Math.round((Date.parse(runtime) - base) / 1000);
    const at = committed[round];
    if (at !== undefined) latencies.push(arrived - at);
  }
  latencies.sort((a, b) => a - b);
  const pick = (q: number): number =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
  const figures = {
    delivered: arrivals.size,
    expected,
    p50: pick(0.5),
    p99: pick(0.99),
    max: latencies[latencies.length - 1] ?? NaN,
  };
  const ratio = figures.p99 / goalMs;
  const verdict = figures.delivered === expected && ratio < 1 ? 'met' : 'NOT met';
  const line = `p99 ${figures.p99.toFixed(0)} ms (p50 ${figures.p50.toFixed(0)} ms, max ${figures.max.toFixed(0)} ms), ${ratio.toFixed(2)}× the goal of ${goalMs} ms: ${verdict}; delivered ${figures.delivered}/${expected}`;
  console.log(`\nbench: ${line}\n`);
  if (write) {
    const machine = `${os.availableParallelism()} CPUs, Node ${process.version}, PostgreSQL ${database.serverVersion} (${database.source}), load ${os.loadavg()[0]?.toFixed(1)}`;
    await writeSection(machine, line);
    console.log(
      'bench: wrote the notification_latency section of bench/runs/notification-latency.md',
    );
  }
} finally {
  for (const step of cleanups.splice(0).reverse()) {
    await step().catch((error: unknown) => console.error('bench: clean-up step failed', error));
  }
  clearTimeout(deadline);
}

async function writeSection(machine: string, line: string): Promise<void> {
  const file = fileURLToPath(new URL('./runs/notification-latency.md', import.meta.url));
  const start = '<!-- run:notification_latency -->';
  const end = '<!-- /run:notification_latency -->';
  const section = `${start}
## Notification latency: ${checks} checks flapping, transition to webhook delivery

Generated by \`npm run bench:notification-latency\` (bench/notification-latency.bench.ts). Every
${roundMs} ms all ${checks} checks change status (${rounds} rounds); the health result writer
commits the transitions and queues their check.failed/check.passed events, and the notifications
consumer (2 claim loops, batches of 100, 20 in parallel) renders and posts each to a generic
webhook on loopback. Latency runs from the transition's commit to the webhook's arrival.

- Date: ${new Date().toISOString()}
- Machine: ${machine}
- Result: ${line.replace(/^p99 (\d+ ms)/, 'p99 **$1**')}
${end}`;
  const existing = await fs.readFile(file, 'utf8').catch(() => '');
  const from = existing.indexOf(start);
  const to = existing.indexOf(end);
  const next =
    from >= 0 && to > from
      ? `${existing.slice(0, from)}${section}${existing.slice(to + end.length)}`
      : `${existing.trimEnd()}\n\n${section}\n`;
  await fs.writeFile(file, next);
}

function positive(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer`);
  return value;
}

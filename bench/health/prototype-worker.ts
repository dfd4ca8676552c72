import http from 'node:http';
import pg from 'pg';
import { z } from 'zod';

/**
 * The "plain Node prototype", the floor the engine is judged against: fixed-rate
 * slots spread over the interval, one fresh connection per check, results written each second
 * with one array insert. No specs, expressions, metrics, claims or roll-ups. Prints one JSON line.
 */
const env = z
  .object({
    PROTOTYPE_TARGET: z.string().url(),
    PROTOTYPE_DATABASE_URL: z.string(),
    PROTOTYPE_CHECKS: z.coerce.number().int().positive(),
    PROTOTYPE_INTERVAL_MS: z.coerce.number().int().min(1000),
    PROTOTYPE_WARMUP_S: z.coerce.number().int().min(0),
    PROTOTYPE_DURATION_S: z.coerce.number().int().positive(),
  })
  .parse(process.env);

const agent = new http.Agent({ keepAlive: false });
const pool = new pg.Pool({ connectionString: env.PROTOTYPE_DATABASE_URL, max: 2 });
await pool.query(
  `create table if not exists prototype_statuses
     (check_id int, time timestamptz, duration int, status boolean, primary key (check_id, time))`,
);
await pool.query('truncate prototype_statuses');

interface Result {
  readonly id: number;
  readonly time: Date;
  readonly duration: number;
  readonly status: boolean;
}
let buffer: Result[] = [];
const lateness: number[] = [];
let measuring = false;
let completed = 0;

function probe(id: number, slot: number): void {
  const started = Date.now();
  if (measuring) lateness.push(started - slot);
  const request = http.request(
    `${env.PROTOTYPE_TARGET}/p${id}`,
    { agent, headers: { connection: 'close' } },
    (response) => {
      response.resume();
      response.on('end', () => done(response.statusCode === 200));
    },
  );
  const done = (status: boolean): void => {
    buffer.push({ id, time: new Date(started), duration: Date.now() - started, status });
    if (measuring) completed++;
  };
  request.on('error', () => done(false));
  request.end();
}

function schedule(id: number, slot: number): void {
  setTimeout(
    () => {
      probe(id, slot);
      schedule(id, slot + env.PROTOTYPE_INTERVAL_MS);
    },
    Math.max(0, slot - Date.now()),
  );
}

const flusher = setInterval(() => {
  const batch = buffer;
  buffer = [];
  if (batch.length === 0) return;
  pool
    .query(
      `insert into prototype_statuses select * from unnest($1::int[], $2::timestamptz[], $3::int[], $4::bool[])
       on conflict do nothing`,
      [
        batch.map((r) => r.id),
        batch.map((r) => r.time),
        batch.map((r) => r.duration),
        batch.map((r) => r.status),
      ],
    )
    .catch((error: unknown) => process.stderr.write(`flush failed: ${String(error)}\n`));
}, 1000);

const start = Date.now() + 100;
for (let id = 0; id < env.PROTOTYPE_CHECKS; id++) {
  schedule(id, start + Math.floor((id * env.PROTOTYPE_INTERVAL_MS) / env.PROTOTYPE_CHECKS));
}
await new Promise((resolve) => setTimeout(resolve, env.PROTOTYPE_WARMUP_S * 1000));
measuring = true;
const cpuFrom = process.cpuUsage();
const from = performance.now();
const rss: number[] = [];
const sampler = setInterval(() => rss.push(process.memoryUsage.rss()), 1000);
await new Promise((resolve) => setTimeout(resolve, env.PROTOTYPE_DURATION_S * 1000));
measuring = false;
const cpu = process.cpuUsage(cpuFrom);
const wallMs = performance.now() - from;
clearInterval(sampler);
lateness.sort((a, b) => a - b);
const at = (q: number): number =>
  lateness[Math.min(lateness.length - 1, Math.floor(q * lateness.length))] ?? 0;
process.stdout.write(
  `${JSON.stringify({
    perSecond: (completed * 1000) / wallMs,
    cores: (cpu.user + cpu.system) / 1000 / wallMs,
    latenessP50: at(0.5),
    latenessP99: at(0.99),
    rssMaxMB: Math.max(...rss) / 1024 / 1024,
  })}\n`,
);
clearInterval(flusher);
process.exit(0);

import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { z } from 'zod';
import { serverNodeFlags } from '../apps/server/src/platform/heap.ts';
import { spawnNode } from './health/children.ts';
import { repoRoot } from './health/servers.ts';

/**
 * The issue's plain Node prototype (bench/health/prototype-worker.ts) on this machine, so that
 * the engine's figures can be set against the floor measured on the same host and day:
 *   npm run bench:health-prototype -- --checks 10000 --interval 10 --duration 60
 * Uses DATABASE_URL, else the machine's PostgreSQL (database test). Prints, writes nothing.
 */
const { values } = parseArgs({
  options: {
    checks: { type: 'string', default: '10000' },
    interval: { type: 'string', default: '10' },
    duration: { type: 'string', default: '60' },
    warmup: { type: 'string', default: '' },
  },
});
const checks = z.coerce.number().int().positive().parse(values.checks);
const intervalS = z.coerce.number().int().min(1).parse(values.interval);
const durationS = z.coerce.number().int().min(5).max(900).parse(values.duration);
// One period warms the connection churn up, as the engine's bench waits one period too.
const warmupS = values.warmup ? z.coerce.number().int().min(0).parse(values.warmup) : intervalS;
const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const outcome = z.object({
  perSecond: z.number(),
  cores: z.number(),
  latenessP50: z.number(),
  latenessP99: z.number(),
  rssMaxMB: z.number(),
});
/** The issue's figures for the prototype on the machine of its anchors. */
const issueFigures = { rate: 1000, cores: 0.44, rssMB: 136, p99Ms: 4 };

const script = (name: string): string =>
  fileURLToPath(new URL(`./health/${name}`, import.meta.url));
const target = spawnNode(['--import', 'tsx', script('target-server.ts')], {}, repoRoot);
const prototype = { stop: (): Promise<void> => Promise.resolve() };
try {
  const port = await target.waitFor(/target listening on (\d+)/, 30_000);
  const worker = spawnNode(
    [...serverNodeFlags, '--import', 'tsx', script('prototype-worker.ts')],
    {
      PROTOTYPE_TARGET: `http://127.0.0.1:${port}`,
      PROTOTYPE_DATABASE_URL: databaseUrl,
      PROTOTYPE_CHECKS: String(checks),
      PROTOTYPE_INTERVAL_MS: String(intervalS * 1000),
      PROTOTYPE_WARMUP_S: String(warmupS),
      PROTOTYPE_DURATION_S: String(durationS),
    },
    repoRoot,
  );
  prototype.stop = () => worker.stop(5000);
  const line = await worker.waitFor(/^(\{.*\})$/, (warmupS + durationS + 60) * 1000);
  const result = outcome.parse(JSON.parse(line));
  const rate = checks / intervalS;
  console.log(
    [
      `| prototype, ${checks} checks × ${intervalS} s (${rate}/s), ${durationS} s window | value |`,
      '| --- | --- |',
      `| completed checks/s | ${result.perSecond.toFixed(1)} |`,
      `| CPU (1 core = 100%) | ${(result.cores * 100).toFixed(1)}% (${((result.cores * 1000 * 1000) / rate / 1000).toFixed(2)} ms per check) |`,
      `| lateness p50 / p99 | ${result.latenessP50} / ${result.latenessP99} ms |`,
      `| RSS max | ${result.rssMaxMB.toFixed(0)} MB |`,
      ...(rate === issueFigures.rate
        ? [
            `| this host against the issue's machine (CPU) | ${(result.cores / issueFigures.cores).toFixed(2)}× its 44% |`,
          ]
        : []),
    ].join('\n'),
  );
} finally {
  await prototype.stop();
  await target.stop(5000);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query('drop table if exists prototype_statuses');
  await client.end();
}

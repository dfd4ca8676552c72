import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { z } from 'zod';
import { serverNodeFlags } from '../apps/server/src/platform/heap.ts';
import { findFreePort } from '../apps/server/src/platform/ports.ts';
import { spawnNode } from './health/children.ts';
import { benchMetricsToken } from './health/metrics-scrape.ts';
import { rssBytes } from './health/proc.ts';
import { repoRoot } from './health/servers.ts';
import {
  benchDatabase,
  generateAgent,
  startUpstream,
  vigilMain,
  type Cleanups,
} from './agent/upstream.ts';

/**
 * One real `vigil agent` (embedded PostgreSQL, as shipped) running 1,000 HTTP checks at
 * `@every 30s` against a local target, pushing to a real upstream. Goal (issue 7): the agent
 * process stays under 150 MB RSS. Samples /proc every second after one warm-up period.
 */
const { values } = parseArgs({
  options: {
    checks: { type: 'string', default: '1000' },
    'per-canary': { type: 'string', default: '1' },
    duration: { type: 'string', default: '90' },
  },
});
const checks = Number(values.checks);
const perCanary = Number(values['per-canary']);
const durationMs = Number(values.duration) * 1000;
const periodMs = 30_000;
const goalBytes = 150 * 1024 * 1024;

const cleanups: Cleanups = [];
async function cleanUp(): Promise<void> {
  for (const step of cleanups.splice(0).reverse()) await step().catch(() => undefined);
}
process.once('SIGINT', () => void cleanUp().finally(() => process.exit(130)));

function manifests(target: string): string {
  const docs: string[] = [];
  for (let c = 0; c * perCanary < checks; c += 1) {
    const list = Array.from(
      { length: Math.min(perCanary, checks - c * perCanary) },
      (_, i) => `    - name: check-${c}-${i}\n      url: ${target}/${c}/${i}\n`,
    ).join('');
    docs.push(
      `kind: Canary\nmetadata:\n  name: canary-${c}\n  namespace: bench\nspec:\n  schedule: "@every 30s"\n  http:\n${list}`,
    );
  }
  return docs.join('---\n');
}

const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

try {
  const target = http.createServer((_request, response) => response.end('ok'));
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise((resolve) => target.close(resolve)));
  const address = target.address();
  const targetUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  const url = await benchDatabase('vigil_bench_agent_rss', cleanups);
  const upstream = await startUpstream(url, cleanups);
  const agent = await generateAgent(upstream, 'bench-rss');
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'vigil-bench-agent-rss-'));
  await fs.chmod(dir, 0o755);
  cleanups.push(() => fs.rm(dir, { recursive: true, force: true }));
  await fs.writeFile(path.join(dir, 'canaries.yaml'), manifests(targetUrl));
  const port = await findFreePort();
  // Launched as `npm run vigil -- agent …` and the vigil bin launch it: with the server's V8 flags.
  const child = spawnNode(
    [
      ...serverNodeFlags,
      vigilMain,
      'agent',
      '--upstream',
      upstream.baseUrl,
      '--token',
      agent.token,
      '--name',
      'bench-rss',
      '--canaries',
      path.join(dir, 'canaries.yaml'),
      '--data-dir',
      path.join(dir, 'data'),
      '--port',
      String(port),
    ],
    {
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      VIGIL_AGENT_HEARTBEAT: '30',
      VIGIL_METRICS_TOKEN: benchMetricsToken,
    },
    repoRoot,
  );
  cleanups.push(() => child.stop(40_000));
  await child.waitFor(/Vigil agent is running at/, 120_000);
  console.log(`agent up (pid ${child.pid}); warming up for one period (30 s)`);
  await new Promise((resolve) => setTimeout(resolve, periodMs));
  const samples: number[] = [];
  const end = Date.now() + durationMs;
  while (Date.now() < end) {
    const rss = rssBytes(child.pid);
    if (rss === undefined) throw new Error(`the agent exited:\n${child.tail()}`);
    samples.push(rss);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  const metrics = await (
    await fetch(`http://127.0.0.1:${port}/api/metrics`, {
      headers: { authorization: `Bearer ${benchMetricsToken}` },
    })
  ).text();
  const waiting = /^vigil_agent_outbox_rows (\d+)/m.exec(metrics)?.[1] ?? 'unknown';
  const upstreamDb = new pg.Client({ connectionString: url });
  await upstreamDb.connect();
  const counted = await upstreamDb.query(
    `select count(*)::int as n from check_statuses s join checks k on k.id = s.check_id
     where k.agent_id = $1 and s.time > now() - $2 * interval '1 millisecond'`,
    [agent.id, durationMs],
  );
  await upstreamDb.end();
  const received = z.object({ n: z.number() }).parse(counted.rows[0]).n;
  const max = Math.max(...samples);
  const mean = samples.reduce((a, b) => a + b, 0) / samples.length;
  const expected = Math.floor((checks * durationMs) / periodMs);
  console.log(
    [
      `agent RSS: ${checks} checks (${perCanary} per canary) at @every 30s, sampled ${samples.length} s after a 30 s warm-up`,
      `  agent process RSS   max ${mb(max)}, mean ${mb(mean)}   goal < 150 MB   ratio ${(goalBytes / max).toFixed(2)}× ${max < goalBytes ? 'PASS' : 'FAIL'}`,
      `  statuses upstream in the window  ${received} (≈${expected} expected)   ratio ${(received / expected).toFixed(2)}; still in the outbox at the end: ${waiting}`,
      '  (the embedded PostgreSQL is a separate process and is not counted)',
    ].join('\n'),
  );
} finally {
  await cleanUp();
}

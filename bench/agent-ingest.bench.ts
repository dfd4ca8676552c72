import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import {
  benchDatabase,
  generateAgent,
  percentile,
  startUpstream,
  type Cleanups,
  type Upstream,
} from './agent/upstream.ts';

/**
 * Upstream ingestion of pushed check statuses (bench/runs/agents.md): N agents
 * push batches of statuses to a real `vigil serve` at once over HTTP, each as fast as answers
 * come. Goals (issue 7): at least 20,000 rows/s with p99 push latency under 500 ms.
 */
const { values } = parseArgs({
  options: {
    agents: { type: 'string', default: '10' },
    checks: { type: 'string', default: '100' },
    batch: { type: 'string', default: '500' },
    duration: { type: 'string', default: '30' },
    /** Every check flips often: a transition (and an event) in most batches. */
    flapping: { type: 'boolean', default: false },
  },
});
const agents = Number(values.agents);
const checksPerAgent = Number(values.checks);
const batchSize = Number(values.batch);
const durationMs = Number(values.duration) * 1000;
const goal = { rowsPerSecond: 20_000, p99Ms: 500 };

const cleanups: Cleanups = [];
async function cleanUp(): Promise<void> {
  for (const step of cleanups.splice(0).reverse()) await step().catch(() => undefined);
}
process.once('SIGINT', () => void cleanUp().finally(() => process.exit(130)));

async function push(upstream: Upstream, token: string, body: unknown): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${upstream.baseUrl}/api/agent/push`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`push answered ${response.status}: ${text}`);
  return performance.now() - started;
}

/** One simulated agent: its canary and checks once, then status batches until the end. */
async function pusher(upstream: Upstream, index: number, clock: { until: number }) {
  const agent = await generateAgent(upstream, `bench-${index}`);
  const canaryId = randomUUID();
  const checkIds = Array.from({ length: checksPerAgent }, () => randomUUID());
  await push(upstream, agent.token, {
    canaries: [
      {
        id: canaryId,
        name: `bench-${index}`,
        spec: { http: [{ name: 'probe', url: 'http://127.0.0.1:9/' }] },
        schedule: '@every 30s',
      },
    ],
    checks: checkIds.map((id, i) => ({ id, canary_id: canaryId, type: 'http', name: `c${i}` })),
  });
  return async () => {
    const latencies: number[] = [];
    let rows = 0;
    let tick = Date.now() - 86_400_000;
    while (Date.now() < clock.until) {
      const statuses = Array.from({ length: batchSize }, (_, i) => {
        tick += 1;
        return {
          check_id: checkIds[i % checkIds.length],
          time: new Date(tick).toISOString(),
          duration: 5 + (i % 40),
          // By default one check in 20 fails, steadily: real checks rarely flip (an event each).
          status: values.flapping ? i % 17 !== 0 : (i % checkIds.length) % 20 !== 19,
          message: '',
        };
      });
      latencies.push(await push(upstream, agent.token, { check_statuses: statuses }));
      rows += statuses.length;
    }
    return { rows, latencies };
  };
}

try {
  const url = await benchDatabase('vigil_bench_agent_ingest', cleanups);
  const upstream = await startUpstream(url, cleanups);
  const clock = { until: Number.POSITIVE_INFINITY };
  const runners = await Promise.all(
    Array.from({ length: agents }, (_, i) => pusher(upstream, i, clock)),
  );
  clock.until = Date.now() + durationMs;
  const started = performance.now();
  const results = await Promise.all(runners.map((run) => run()));
  const seconds = (performance.now() - started) / 1000;
  const rows = results.reduce((sum, r) => sum + r.rows, 0);
  const latencies = results.flatMap((r) => r.latencies).sort((a, b) => a - b);
  const rate = rows / seconds;
  const p50 = percentile(latencies, 50);
  const p99 = percentile(latencies, 99);
  console.log(
    [
      `agent ingestion: ${agents} agents × ${checksPerAgent} checks, batches of ${batchSize}, ${values.flapping ? 'flapping' : 'steady'} statuses, ${seconds.toFixed(1)} s`,
      `  rows ingested   ${rows} (${rate.toFixed(0)} rows/s)   goal ≥ ${goal.rowsPerSecond}   ratio ${(rate / goal.rowsPerSecond).toFixed(2)}× ${rate >= goal.rowsPerSecond ? 'PASS' : 'FAIL'}`,
      `  push latency    p50 ${p50.toFixed(0)} ms, p99 ${p99.toFixed(0)} ms (${latencies.length} pushes)   goal p99 < ${goal.p99Ms} ms   ratio ${(goal.p99Ms / p99).toFixed(2)}× ${p99 < goal.p99Ms ? 'PASS' : 'FAIL'}`,
    ].join('\n'),
  );
} finally {
  await cleanUp();
}

import { z } from 'zod';
import { defaultRetention } from '../../apps/server/src/modules/health/history/retention.ts';
import { SummaryMemo } from '../../apps/server/src/modules/health/history/summary-memo.ts';
import { summariseAll } from '../../apps/server/src/modules/health/history/summary.service.ts';
import type { Database } from '../../apps/server/src/platform/db.ts';
import { httpGet } from '../http-client.ts';
import { stats, type Stats } from '../measure.ts';
import { repositoryCall, windowOf, type Source } from './summary-ranges.ts';

export interface RangeTiming {
  readonly range: string;
  readonly source: Source;
  readonly iterations: number;
  /**
   * GET /api/canary/api/summary over one keep-alive socket, with a viewer's session; answers
   * are not shared between requests (VIGIL_HEALTH_SUMMARY_CACHE=0), the per-check memo is on.
   */
  readonly http: Stats;
  /** summariseAll() in-process with the server's memo: the SQL, row parsing and arithmetic. */
  readonly service: Stats;
  /** summariseAll() with an empty memo each time: what a first request costs. */
  readonly cold: Stats;
  /** Node CPU (user + system, this process: server and client) per HTTP request. */
  readonly httpCpu: Stats;
  readonly bytes: number;
  readonly checks: number;
}

type Variant = 'http' | 'service' | 'cold';
const orders: Variant[][] = [
  ['http', 'service', 'cold'],
  ['service', 'cold', 'http'],
  ['cold', 'http', 'service'],
];

export function summaryPath(range: string): string {
  return `/api/canary/api/summary?timeRange=${range}`;
}

export async function fetchSummary(baseUrl: string, range: string): Promise<string> {
  const { status, body } = await httpGet(`${baseUrl}${summaryPath(range)}`);
  if (status !== 200)
    throw new Error(`GET ${summaryPath(range)} answered ${status}: ${body.slice(0, 300)}`);
  return body;
}

/**
 * Sequential; the three variants of an iteration run in a rotating order so that drift on
 * the shared machine hits them alike. Before each iteration the runs due since the last one
 * are written, as the engine would, so the memo sees the checks change at their real rate.
 * The first `warmUps` iterations are not kept.
 */
export async function measureRange(
  range: string,
  baseUrl: string,
  db: Database,
  iterations: number,
  warmUps: number,
  catchUp: () => Promise<unknown>,
): Promise<RangeTiming> {
  const windowMs = windowOf(range);
  const times: Record<Variant, number[]> = { http: [], service: [], cold: [] };
  const cpu: number[] = [];
  let body = '';
  for (let i = 0; i < warmUps + iterations; i++) {
    await catchUp();
    for (const variant of orders[i % orders.length] ?? []) {
      const started = performance.now();
      const cpuBefore = process.cpuUsage();
      if (variant === 'http') body = await fetchSummary(baseUrl, range);
      else if (variant === 'service') {
        await summariseAll(db, windowMs, Date.now(), defaultRetention);
      } else await summariseAll(db, windowMs, Date.now(), defaultRetention, new SummaryMemo());
      if (i < warmUps) continue;
      times[variant].push(performance.now() - started);
      const used = process.cpuUsage(cpuBefore);
      if (variant === 'http') cpu.push((used.user + used.system) / 1000);
    }
  }
  return {
    range,
    source: repositoryCall(windowMs, Date.now()).source,
    iterations,
    http: stats(times.http),
    service: stats(times.service),
    cold: stats(times.cold),
    httpCpu: stats(cpu),
    bytes: Buffer.byteLength(body),
    checks: z.object({ checks_summary: z.array(z.unknown()) }).parse(JSON.parse(body))
      .checks_summary.length,
  };
}

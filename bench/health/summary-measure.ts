import { z } from 'zod';
import { defaultRetention } from '../../apps/server/src/modules/health/history/retention.ts';
import { summarise } from '../../apps/server/src/modules/health/history/summary.service.ts';
import type { Database } from '../../apps/server/src/platform/db.ts';
import { httpGet } from '../http-client.ts';
import { stats, type Stats } from '../measure.ts';
import { repositoryCall, windowOf, type Source } from './summary-ranges.ts';

export interface RangeTiming {
  readonly range: string;
  readonly source: Source;
  readonly iterations: number;
  /** GET /api/canary/api/summary over one keep-alive socket, with a viewer's session. */
  readonly http: Stats;
  /** summarise() in-process: the SQL, row parsing and the histogram arithmetic, no HTTP. */
  readonly service: Stats;
  /** The summary.repository.ts call alone: the SQL and zod parsing of its rows. */
  readonly repository: Stats;
  /** Node CPU (user + system, this process: server and client) per HTTP request. */
  readonly httpCpu: Stats;
  readonly bytes: number;
  readonly checks: number;
}

type Variant = 'http' | 'service' | 'repository';
const orders: Variant[][] = [
  ['http', 'service', 'repository'],
  ['service', 'repository', 'http'],
  ['repository', 'http', 'service'],
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
 * the shared machine hits them alike. The first `warmUps` iterations are not kept.
 */
export async function measureRange(
  range: string,
  baseUrl: string,
  db: Database,
  iterations: number,
  warmUps: number,
): Promise<RangeTiming> {
  const windowMs = windowOf(range);
  const times: Record<Variant, number[]> = { http: [], service: [], repository: [] };
  const cpu: number[] = [];
  let body = '';
  for (let i = 0; i < warmUps + iterations; i++) {
    for (const variant of orders[i % orders.length] ?? []) {
      const started = performance.now();
      const cpuBefore = process.cpuUsage();
      if (variant === 'http') body = await fetchSummary(baseUrl, range);
      else if (variant === 'service') await summarise(db, windowMs, Date.now(), defaultRetention);
      else await repositoryCall(windowMs, Date.now()).run(db);
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
    repository: stats(times.repository),
    httpCpu: stats(cpu),
    bytes: Buffer.byteLength(body),
    checks: z.array(z.unknown()).parse(JSON.parse(body)).length,
  };
}

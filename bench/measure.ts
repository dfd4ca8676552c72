import { createHash } from 'node:crypto';
import type pg from 'pg';
import { httpGet } from './http-client.ts';
import { runHand, type QueryCase, type QueryKind } from './queries.ts';

export interface Stats {
  readonly median: number;
  readonly p95: number;
  readonly min: number;
}

export interface KindResult {
  readonly name: string;
  readonly label: string;
  readonly iterations: number;
  readonly http: Stats;
  /** Hand-written SQL: the page and, when counted, the count on a second connection. */
  readonly pgHand: Stats;
  /** The exact statement the data-API compiler generates. */
  readonly pgCompiled: Stats;
  /** The compiled statement run as the server runs it: prepared unless its plan needs the values. */
  readonly pgPrepared: Stats;
  readonly ratioHand: number;
  readonly ratioCompiled: number;
  readonly sampleBytes: number;
  readonly sampleRows: number;
}

type Variant = 'http' | 'hand' | 'compiled' | 'prepared';

/**
 * Sequential, one request at a time. The three variants of each iteration use the same
 * parameters and run in a rotating order, so drift on the shared machine hits them alike.
 */
export async function measureKind(
  kind: QueryKind,
  baseUrl: string,
  pool: pg.Pool,
  iterations: number,
): Promise<KindResult> {
  const times: Record<Variant, number[]> = { http: [], hand: [], compiled: [], prepared: [] };
  const orders: Variant[][] = [
    ['http', 'hand', 'compiled', 'prepared'],
    ['hand', 'compiled', 'prepared', 'http'],
    ['compiled', 'prepared', 'http', 'hand'],
    ['prepared', 'http', 'hand', 'compiled'],
  ];
  let sampleBytes = 0;
  let sampleRows = 0;
  for (let i = 0; i < iterations; i++) {
    const query = kind.make(i);
    for (const variant of orders[i % orders.length] ?? []) {
      const started = performance.now();
      const size = await run(variant, query, baseUrl, pool);
      times[variant].push(performance.now() - started);
      if (variant === 'http') sampleBytes = size;
      if (variant === 'hand') sampleRows = size;
    }
  }
  const http = stats(times.http);
  const pgHand = stats(times.hand);
  const pgCompiled = stats(times.compiled);
  const pgPrepared = stats(times.prepared);
  return {
    name: kind.name,
    label: kind.label,
    iterations,
    http,
    pgHand,
    pgCompiled,
    pgPrepared,
    ratioHand: http.median / pgHand.median,
    ratioCompiled: http.median / pgCompiled.median,
    sampleBytes,
    sampleRows,
  };
}

/** Returns the body size for HTTP, the page's row count for SQL. */
async function run(
  variant: Variant,
  query: QueryCase,
  baseUrl: string,
  pool: pg.Pool,
): Promise<number> {
  if (variant === 'hand') return runHand(pool, query.hand);
  if (variant === 'compiled') {
    const result = await pool.query(query.compiled.text, query.compiled.values);
    return result.rowCount ?? 0;
  }
  if (variant === 'prepared') {
    // As the server does: statements whose plan depends on a pattern value stay unnamed.
    const { text, values, reusablePlan } = query.compiled;
    const name = reusablePlan ? `bench_${createHash('sha1').update(text).digest('hex')}` : '';
    const result = await pool.query(name ? { name, text, values } : { text, values });
    return result.rowCount ?? 0;
  }
  const response = await httpGet(`${baseUrl}${query.path}`, query.headers);
  if (response.status !== 200 && response.status !== 206) {
    throw new Error(
      `GET ${query.path} answered ${response.status}: ${response.body.slice(0, 300)}`,
    );
  }
  return response.body.length;
}

/** Runs every kind a few times so plans, pools and JIT are warm before timing. */
export async function warmUp(
  kinds: readonly QueryKind[],
  baseUrl: string,
  pool: pg.Pool,
  rounds: number,
): Promise<void> {
  for (const kind of kinds) await measureKind(kind, baseUrl, pool, rounds);
}

export function stats(samples: readonly number[]): Stats {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number): number =>
    sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { median: median(sorted), p95: at(0.95), min: sorted[0] ?? 0 };
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  if (sorted.length % 2 === 1) return sorted[mid] ?? 0;
  return ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

export interface FloorResult {
  /** GET /api/health: the app's fixed cost per request, plus a `select 1`. */
  readonly http: Stats;
  readonly pg: Stats;
}

/** What any request costs before the data API does anything, to read the ratios against. */
export async function measureFloor(
  baseUrl: string,
  pool: pg.Pool,
  iterations: number,
): Promise<FloorResult> {
  const http: number[] = [];
  const direct: number[] = [];
  for (let i = 0; i < iterations; i++) {
    let started = performance.now();
    await httpGet(`${baseUrl}/api/health`);
    http.push(performance.now() - started);
    started = performance.now();
    await pool.query('select 1');
    direct.push(performance.now() - started);
  }
  return { http: stats(http), pg: stats(direct) };
}

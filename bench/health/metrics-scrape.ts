import http from 'node:http';
import { eventLoopSamplingMs } from '../../apps/server/src/platform/http/metrics.ts';

export interface Scrape {
  /** Wall time of the GET, ms: the server builds the whole exposition in one go. */
  readonly ms: number;
  readonly bytes: number;
  readonly samples: ReadonlyMap<string, number>;
}

/** The scrape token the bench's server is started with, sent as Prometheus sends it. */
export const benchMetricsToken = 'bench-metrics-token-0123456789';

/** GET /api/metrics with the scrape token, keeping only the series whose name starts with a prefix. */
export function scrapeMetrics(baseUrl: string, prefixes: readonly string[]): Promise<Scrape> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const headers = { authorization: `Bearer ${benchMetricsToken}` };
    const request = http.get(`${baseUrl}/api/metrics`, { agent: false, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const samples = new Map<string, number>();
        for (const line of text.split('\n')) {
          if (line.startsWith('#') || !prefixes.some((p) => line.startsWith(p))) continue;
          const at = line.lastIndexOf(' ');
          samples.set(line.slice(0, at), Number(line.slice(at + 1)));
        }
        resolve({ ms: performance.now() - started, bytes: text.length, samples });
      });
    });
    request.on('error', reject);
  });
}

/** GETs /api/metrics every `everyMs` until `until`, as a Prometheus server would: each one's ms. */
export async function scrapeDuring(
  baseUrl: string,
  everyMs: number,
  until: number,
): Promise<number[]> {
  const times: number[] = [];
  for (let next = Date.now() + everyMs; next < until; next += everyMs) {
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - Date.now())));
    times.push((await scrapeMetrics(baseUrl, [])).ms);
  }
  return times;
}

export interface LatenessSummary {
  /** Quantiles over the summary's sliding 5 minutes, ms. */
  readonly p50: number;
  readonly p90: number;
  readonly p99: number;
  readonly p999: number;
  readonly count: number;
}

export const latenessMetric = 'vigil_health_schedule_lateness_seconds';
export const eventLoopMetric = 'vigil_nodejs_eventloop_lag_';

export function latenessOf(scrape: Scrape): LatenessSummary {
  const q = (quantile: string): number =>
    (scrape.samples.get(`${latenessMetric}{quantile="${quantile}"}`) ?? Number.NaN) * 1000;
  return {
    p50: q('0.5'),
    p90: q('0.9'),
    p99: q('0.99'),
    p999: q('0.999'),
    count: scrape.samples.get(`${latenessMetric}_count`) ?? 0,
  };
}

/**
 * The event loop's delay since the previous scrape (prom-client resets it per collect), ms,
 * less the interval of the timer it is sampled with (which the raw values include).
 */
export function eventLoopOf(scrape: Scrape): { p50: number; p99: number; max: number } {
  const v = (name: string): number =>
    Math.max(
      0,
      (scrape.samples.get(`${eventLoopMetric}${name}_seconds`) ?? Number.NaN) * 1000 -
        eventLoopSamplingMs,
    );
  return { p50: v('p50'), p99: v('p99'), max: v('max') };
}

/** One time bucket of GET /api/canary/api/graph, as the chart reads it. */
export interface GraphBucketInput {
  time: string;
  passed: number;
  failed: number;
  duration: number | null;
}

export interface GraphPoint {
  /** Bucket start, epoch ms: the chart's time axis is numeric. */
  time: number;
  passed: number;
  failed: number;
  /** Average run time in ms, null when the bucket's runs recorded none. */
  latency: number | null;
}

export function toGraphPoints(buckets: readonly GraphBucketInput[]): GraphPoint[] {
  return buckets
    .map((bucket) => ({
      time: Date.parse(bucket.time),
      passed: bucket.passed,
      failed: bucket.failed,
      latency: bucket.duration === null ? null : Math.round(bucket.duration),
    }))
    .filter((point) => Number.isFinite(point.time))
    .sort((a, b) => a.time - b.time);
}

const dayMs = 86_400_000;

/** Axis labels: clock time within two days, dates beyond, with the year past a year. */
export function timeTickFormatter(windowMs: number, timeZone?: string): (ms: number) => string {
  const options: Intl.DateTimeFormatOptions =
    windowMs <= 2 * dayMs
      ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }
      : windowMs <= 360 * dayMs
        ? { month: 'short', day: 'numeric' }
        : { year: 'numeric', month: 'short' };
  const format = new Intl.DateTimeFormat('en', { ...options, timeZone });
  return (ms) => format.format(new Date(ms));
}

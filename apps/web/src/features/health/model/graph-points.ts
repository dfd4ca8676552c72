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

export interface GraphWindow {
  /** Epoch ms at which the window ends (when the graph was fetched). */
  end: number;
  windowMs: number;
  /** Buckets asked of the server. */
  count: number;
}

/** The server's bucket: the window split in `count`, in whole seconds, aligned to the epoch. */
export function graphBucketMs(windowMs: number, count: number): number {
  return Math.max(1, Math.ceil(windowMs / count / 1000)) * 1000;
}

/**
 * Every bucket of the window, empty ones included: the server sends only buckets with runs,
 * and evenly spaced points give the bars their width and the axis the whole window.
 */
export function toGraphPoints(
  buckets: readonly GraphBucketInput[],
  { end, windowMs, count }: GraphWindow,
): GraphPoint[] {
  const size = graphBucketMs(windowMs, count);
  const byTime = new Map<number, GraphPoint & { timed: number; durationSum: number }>();
  for (const bucket of buckets) {
    // Snapped to our grid, so a server bucketing differently still lands somewhere.
    const time = Math.floor(Date.parse(bucket.time) / size) * size;
    if (!Number.isFinite(time)) continue;
    const point = byTime.get(time) ?? { ...emptyPoint(time), timed: 0, durationSum: 0 };
    point.passed += bucket.passed;
    point.failed += bucket.failed;
    if (bucket.duration !== null) {
      const runs = bucket.passed + bucket.failed;
      point.timed += runs;
      point.durationSum += bucket.duration * runs;
    }
    byTime.set(time, point);
  }
  const points: GraphPoint[] = [];
  for (let time = Math.floor((end - windowMs) / size) * size; time <= end; time += size) {
    const found = byTime.get(time);
    if (!found) {
      points.push(emptyPoint(time));
      continue;
    }
    const { timed, durationSum, ...point } = found;
    points.push({ ...point, latency: timed > 0 ? Math.round(durationSum / timed) : null });
  }
  return points;
}

function emptyPoint(time: number): GraphPoint {
  return { time, passed: 0, failed: 0, latency: null };
}

export function hasRuns(points: readonly GraphPoint[]): boolean {
  return points.some((point) => point.passed + point.failed > 0);
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

/**
 * The latency axis's top: the next of 1, 2, 2.5, 5 × 10ⁿ at or above the slowest run (at least
 * 4 ms), so that its ticks are evenly spaced round numbers and the top one never crowds the next.
 */
export function latencyAxisMax(slowestMs: number): number {
  const target = Math.ceil(slowestMs);
  if (target <= 4) return 4;
  const magnitude = 10 ** Math.floor(Math.log10(target));
  const step = [1, 2, 2.5, 5, 10].find((factor) => factor * magnitude >= target) ?? 10;
  return step * magnitude;
}

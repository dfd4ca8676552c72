/**
 * A mergeable latency histogram. Durations under 128 ms keep their own bucket (exact, as
 * durations are whole ms); above that, buckets grow by 5%, so a percentile read from merged
 * histograms is within ±2.5% of the exact value. Stored sparse as text: "bucket:count,…".
 */
export type Histogram = Map<number, number>;

const exactBelow = 128;
const growth = 1.05;
const logGrowth = Math.log(growth);

export function bucketOf(durationMs: number): number {
  const d = Math.max(0, Math.round(durationMs));
  if (d < exactBelow) return d;
  return exactBelow + Math.floor(Math.log(d / exactBelow) / logGrowth);
}

/** The value a bucket stands for: itself when exact, else the geometric middle of its range. */
export function valueOf(bucket: number): number {
  if (bucket < exactBelow) return bucket;
  return Math.round(exactBelow * growth ** (bucket - exactBelow + 0.5));
}

export function emptyHistogram(): Histogram {
  return new Map();
}

export function record(histogram: Histogram, durationMs: number, count = 1): void {
  const bucket = bucketOf(durationMs);
  histogram.set(bucket, (histogram.get(bucket) ?? 0) + count);
}

export function merge(into: Histogram, from: Histogram): Histogram {
  for (const [bucket, count] of from) into.set(bucket, (into.get(bucket) ?? 0) + count);
  return into;
}

/** later − earlier, for two cumulative snapshots of the same check. */
export function subtract(later: Histogram, earlier: Histogram): Histogram {
  const out: Histogram = new Map();
  for (const [bucket, count] of later) {
    const rest = count - (earlier.get(bucket) ?? 0);
    if (rest > 0) out.set(bucket, rest);
  }
  return out;
}

/** Nearest-rank percentile (as percentile_disc), or null for an empty histogram. */
export function percentile(histogram: Histogram, q: number): number | null {
  let total = 0;
  for (const count of histogram.values()) total += count;
  if (total === 0) return null;
  const rank = Math.max(1, Math.ceil(q * total));
  let seen = 0;
  for (const bucket of [...histogram.keys()].sort((a, b) => a - b)) {
    seen += histogram.get(bucket) ?? 0;
    if (seen >= rank) return valueOf(bucket);
  }
  return null;
}

export function serialise(histogram: Histogram): string {
  return [...histogram.keys()]
    .sort((a, b) => a - b)
    .map((bucket) => `${bucket}:${histogram.get(bucket) ?? 0}`)
    .join(',');
}

export function deserialise(text: string | null | undefined): Histogram {
  const out: Histogram = new Map();
  if (!text) return out;
  for (const pair of text.split(',')) {
    const separator = pair.indexOf(':');
    const bucket = Number(pair.slice(0, separator));
    const count = Number(pair.slice(separator + 1));
    if (Number.isInteger(bucket) && Number.isFinite(count) && count > 0) out.set(bucket, count);
  }
  return out;
}

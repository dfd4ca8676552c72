import { valueOf } from './latency-histogram.ts';

/** A histogram as stored (sparse text, buckets ascending), read into two parallel arrays. */
export interface SortedHistogram {
  readonly buckets: number[];
  readonly counts: number[];
}

const empty: SortedHistogram = { buckets: [], counts: [] };

/**
 * The summary's read path: no Maps and no sorting, because serialise() writes buckets in
 * ascending order. Thousands of checks are read per request, each twice or three times.
 */
export function readSorted(text: string | null | undefined): SortedHistogram {
  if (!text) return empty;
  const buckets: number[] = [];
  const counts: number[] = [];
  let start = 0;
  while (start < text.length) {
    let end = text.indexOf(',', start);
    if (end === -1) end = text.length;
    const separator = text.indexOf(':', start);
    const bucket = Number(text.slice(start, separator));
    const count = Number(text.slice(separator + 1, end));
    if (Number.isInteger(bucket) && count > 0) {
      buckets.push(bucket);
      counts.push(count);
    }
    start = end + 1;
  }
  return { buckets, counts };
}

/** later − earlier for two cumulative snapshots, by a merge walk. */
export function difference(later: SortedHistogram, earlier: SortedHistogram): SortedHistogram {
  if (earlier.buckets.length === 0) return later;
  const buckets: number[] = [];
  const counts: number[] = [];
  let j = 0;
  for (let i = 0; i < later.buckets.length; i++) {
    const bucket = later.buckets[i] ?? 0;
    while (j < earlier.buckets.length && (earlier.buckets[j] ?? 0) < bucket) j++;
    const before = earlier.buckets[j] === bucket ? (earlier.counts[j] ?? 0) : 0;
    const rest = (later.counts[i] ?? 0) - before;
    if (rest > 0) {
      buckets.push(bucket);
      counts.push(rest);
    }
  }
  return { buckets, counts };
}

/** Nearest-rank percentiles (as percentile_disc) for ascending `qs`, in one walk. */
export function percentilesOf(
  histogram: SortedHistogram,
  qs: readonly number[],
): Array<number | null> {
  let total = 0;
  for (const count of histogram.counts) total += count;
  if (total === 0) return qs.map(() => null);
  const out: Array<number | null> = [];
  let seen = 0;
  let i = 0;
  for (const q of qs) {
    const rank = Math.max(1, Math.ceil(q * total));
    while (i < histogram.counts.length && seen + (histogram.counts[i] ?? 0) < rank) {
      seen += histogram.counts[i] ?? 0;
      i++;
    }
    const bucket = histogram.buckets[i];
    out.push(bucket === undefined ? null : valueOf(bucket));
  }
  return out;
}

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

/**
 * `record` applied to the serialised form: the text with one bucket's count raised, equal to
 * serialise(record(deserialise(text), durationMs, count)). The writer does this once a check a
 * run; a Map built, sorted and joined again each time cost more than the run's probe. One pass
 * over the characters checks the text is in serialise's form; any other takes the long way.
 */
export function recordInText(text: string, durationMs: number, count = 1): string {
  const bucket = bucketOf(durationMs);
  // Where the bucket's count is (from, to), or where a new entry goes (at).
  let from = -1;
  let to = -1;
  let at = text.length;
  let previous = -1;
  let position = 0;
  while (position < text.length) {
    const key = digitsAt(text, position);
    if (key.end === position || text.charCodeAt(key.end) !== colonCode) return longWay();
    const value = digitsAt(text, key.end + 1);
    if (value.end === key.end + 1 || value.number === 0 || key.number <= previous) {
      return longWay();
    }
    if (value.end < text.length && text.charCodeAt(value.end) !== commaCode) return longWay();
    if (key.number === bucket) {
      from = key.end + 1;
      to = value.end;
    } else if (key.number > bucket && at === text.length && from === -1) {
      at = position;
    }
    previous = key.number;
    position = value.end + 1;
  }
  if (text.length > 0 && text.charCodeAt(text.length - 1) === commaCode) return longWay();
  if (from !== -1) {
    return `${text.slice(0, from)}${Number(text.slice(from, to)) + count}${text.slice(to)}`;
  }
  if (text === '') return `${bucket}:${count}`;
  if (at === text.length) return `${text},${bucket}:${count}`;
  return `${text.slice(0, at)}${bucket}:${count},${text.slice(at)}`;

  function longWay(): string {
    const histogram = deserialise(text);
    record(histogram, durationMs, count);
    return serialise(histogram);
  }
}

const colonCode = 58;
const commaCode = 44;

/** The whole number written at `start` (no sign, no leading zeros but a lone 0), and its end. */
function digitsAt(text: string, start: number): { number: number; end: number } {
  let number = 0;
  let end = start;
  for (; end < text.length; end++) {
    const digit = text.charCodeAt(end) - 48;
    if (digit < 0 || digit > 9) break;
    if (end > start && number === 0) return { number, end: start };
    number = number * 10 + digit;
  }
  return { number, end };
}

import {
  bucketOf,
  serialise,
} from '../../apps/server/src/modules/health/history/latency-histogram.ts';
import { runOf, runRange, type CheckProfile, type Timeline } from './summary-profile.ts';

/** Raw check_statuses rows, column by column (the writer sends each column as one array). */
export interface RawColumns {
  readonly checkId: string[];
  readonly time: number[];
  readonly duration: number[];
  readonly pass: boolean[];
  readonly error: Array<string | null>;
}

/** check_statuses_1h / _1d rows: per-bucket counts and the check's totals at the bucket's end. */
export interface BucketColumns {
  readonly checkId: string[];
  readonly start: number[];
  readonly total: number[];
  readonly passed: number[];
  readonly failed: number[];
  readonly durationSum: number[];
  readonly durationMin: number[];
  readonly durationMax: number[];
  readonly cumPassed: number[];
  readonly cumFailed: number[];
  readonly cumDurationSum: number[];
  readonly cumHist: string[];
  /** When the bucket was last written: its last run. */
  readonly updated: number[];
}

/** The checks row after the last seeded run, as writeResults would have left it. */
export interface CheckState {
  readonly id: string;
  readonly status: 'healthy' | 'unhealthy';
  readonly lastRuntime: number;
  readonly nextRuntime: number;
  readonly lastTransition: number;
  readonly lastPass: number | null;
  readonly lastFail: number | null;
  readonly latency: number;
  readonly cumPassed: number;
  readonly cumFailed: number;
  readonly cumDurationSum: number;
  readonly cumHist: string;
}

export interface History {
  readonly raw: RawColumns;
  readonly hours: BucketColumns;
  readonly days: BucketColumns;
  readonly checks: CheckState[];
}

export function emptyHistory(): History {
  return {
    raw: { checkId: [], time: [], duration: [], pass: [], error: [] },
    hours: emptyBuckets(),
    days: emptyBuckets(),
    checks: [],
  };
}

function emptyBuckets(): BucketColumns {
  return {
    checkId: [],
    start: [],
    total: [],
    passed: [],
    failed: [],
    durationSum: [],
    durationMin: [],
    durationMax: [],
    cumPassed: [],
    cumFailed: [],
    cumDurationSum: [],
    cumHist: [],
    updated: [],
  };
}

interface Open {
  start: number;
  total: number;
  passed: number;
  failed: number;
  sum: number;
  min: number;
  max: number;
  last: number;
}

interface Totals {
  passed: number;
  failed: number;
  sum: number;
  readonly hist: RunningHistogram;
}

/**
 * The cumulative histogram, kept with its buckets in order: a snapshot is written at every
 * hour's end (10.8M of them), and serialise() sorts on each call. Checked against it below.
 */
class RunningHistogram {
  readonly counts = new Map<number, number>();
  private readonly keys: number[] = [];
  /** "bucket:count" per bucket, in bucket order. */
  private readonly pieces: string[] = [];
  private snapshots = 0;

  record(durationMs: number): void {
    const bucket = bucketOf(durationMs);
    const count = (this.counts.get(bucket) ?? 0) + 1;
    this.counts.set(bucket, count);
    let at = this.keys.indexOf(bucket);
    if (at < 0) {
      at = this.keys.findIndex((k) => k > bucket);
      if (at < 0) at = this.keys.length;
      this.keys.splice(at, 0, bucket);
      this.pieces.splice(at, 0, '');
    }
    this.pieces[at] = `${bucket}:${count}`;
  }

  text(): string {
    const out = this.pieces.join(',');
    if (this.snapshots++ % 997 === 0 && out !== serialise(this.counts)) {
      throw new Error(`bench: the running histogram disagrees with serialise(): ${out}`);
    }
    return out;
  }
}

/** Folds every run of one check up to the anchor into `into`, as the engine's writer would. */
export function foldCheck(p: CheckProfile, t: Timeline, into: History): void {
  const totals: Totals = { passed: 0, failed: 0, sum: 0, hist: new RunningHistogram() };
  let hour: Open | undefined;
  let day: Open | undefined;
  let status: 'healthy' | 'unhealthy' | undefined;
  let lastTransition = 0;
  let lastPass: number | null = null;
  let lastFail: number | null = null;
  let last = { time: 0, duration: 0 };
  const [, end] = runRange(p, t, Number.NEGATIVE_INFINITY, t.anchor);
  for (let k = 0; k <= end; k++) {
    const run = runOf(p, t, k);
    if (hour && hour.start !== floorTo(run.time, hourMs))
      closeBucket(p.id, hour, totals, into.hours);
    if (day && day.start !== floorTo(run.time, dayMs)) closeBucket(p.id, day, totals, into.days);
    if (!hour || hour.start !== floorTo(run.time, hourMs)) hour = open(run.time, hourMs);
    if (!day || day.start !== floorTo(run.time, dayMs)) day = open(run.time, dayMs);
    if (run.pass) totals.passed++;
    else totals.failed++;
    totals.sum += run.duration;
    totals.hist.record(run.duration);
    add(hour, run.time, run.duration, run.pass);
    add(day, run.time, run.duration, run.pass);
    const next = run.pass ? 'healthy' : 'unhealthy';
    if (next !== status) lastTransition = run.time;
    status = next;
    if (run.pass) lastPass = run.time;
    else lastFail = run.time;
    last = run;
    if (run.time > t.rawSince) pushRaw(into.raw, p.id, run);
  }
  if (hour) closeBucket(p.id, hour, totals, into.hours);
  if (day) closeBucket(p.id, day, totals, into.days);
  into.checks.push({
    id: p.id,
    status: status ?? 'healthy',
    lastRuntime: last.time,
    nextRuntime: last.time + t.intervalMs,
    lastTransition,
    lastPass,
    lastFail,
    latency: last.duration,
    cumPassed: totals.passed,
    cumFailed: totals.failed,
    cumDurationSum: totals.sum,
    cumHist: totals.hist.text(),
  });
}

const hourMs = 3_600_000;
const dayMs = 86_400_000;

function floorTo(time: number, width: number): number {
  return Math.floor(time / width) * width;
}

function open(time: number, width: number): Open {
  const start = floorTo(time, width);
  return { start, total: 0, passed: 0, failed: 0, sum: 0, min: Infinity, max: 0, last: start };
}

function add(bucket: Open, time: number, duration: number, pass: boolean): void {
  bucket.total++;
  if (pass) bucket.passed++;
  else bucket.failed++;
  bucket.sum += duration;
  bucket.min = Math.min(bucket.min, duration);
  bucket.max = Math.max(bucket.max, duration);
  bucket.last = time;
}

function closeBucket(id: string, b: Open, totals: Totals, out: BucketColumns): void {
  out.checkId.push(id);
  out.start.push(b.start);
  out.total.push(b.total);
  out.passed.push(b.passed);
  out.failed.push(b.failed);
  out.durationSum.push(b.sum);
  out.durationMin.push(b.min);
  out.durationMax.push(b.max);
  out.cumPassed.push(totals.passed);
  out.cumFailed.push(totals.failed);
  out.cumDurationSum.push(totals.sum);
  out.cumHist.push(totals.hist.text());
  out.updated.push(b.last);
}

function pushRaw(
  raw: RawColumns,
  id: string,
  run: { time: number; duration: number; pass: boolean; error: string | null },
): void {
  raw.checkId.push(id);
  raw.time.push(run.time);
  raw.duration.push(run.duration);
  raw.pass.push(run.pass);
  raw.error.push(run.error);
}

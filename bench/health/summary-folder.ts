import type { BucketColumns, History } from './summary-history.ts';
import { RunningHistogram } from './summary-histogram.ts';
import { runOf, runRange, type CheckProfile, type Run, type Timeline } from './summary-profile.ts';

export const hourMs = 3_600_000;
const dayMs = 86_400_000;

interface Open {
  readonly start: number;
  total: number;
  passed: number;
  failed: number;
  sum: number;
  min: number;
  max: number;
  last: number;
}

interface Snapshot {
  readonly passed: number;
  readonly failed: number;
  readonly sum: number;
  readonly text: string;
}

/**
 * One check's history, folded hour by hour as the engine's writer would fold it: totals,
 * hour and day buckets with the totals at their end, raw rows, and the checks row's state.
 * The seed folds every check's j-th run of an hour before any check's (j+1)-th, in phase
 * order, so rows reach the tables in time order, as they do in production.
 */
export class CheckFolder {
  private passed = 0;
  private failed = 0;
  private sum = 0;
  private readonly hist = new RunningHistogram();
  private latest: Snapshot = { passed: 0, failed: 0, sum: 0, text: '' };
  private hour: Open | undefined;
  private day: Open | undefined;
  private range: [number, number] = [0, -1];
  private status: 'healthy' | 'unhealthy' | undefined;
  private lastTransition = 0;
  private lastPass: number | null = null;
  private lastFail: number | null = null;
  private last: Run | undefined;

  constructor(
    readonly profile: CheckProfile,
    private readonly t: Timeline,
  ) {}

  beginHour(start: number, into: History): void {
    const end = Math.min(start + hourMs - 1, this.t.anchor);
    this.range = runRange(this.profile, this.t, start - 1, end);
    this.hour = undefined;
    if (this.range[1] < this.range[0]) return;
    const dayStart = Math.floor(start / dayMs) * dayMs;
    if (this.day && this.day.start !== dayStart) this.close(this.day, into.days);
    if (!this.day || this.day.start !== dayStart) this.day = open(dayStart);
    this.hour = open(start);
  }

  /** The hour's j-th run, if it has one. */
  foldRun(j: number, into: History): void {
    const k = this.range[0] + j;
    if (!this.hour || !this.day || k > this.range[1]) return;
    const run = runOf(this.profile, this.t, k);
    if (run.pass) this.passed++;
    else this.failed++;
    this.sum += run.duration;
    this.hist.record(run.duration);
    add(this.hour, run);
    add(this.day, run);
    const next = run.pass ? 'healthy' : 'unhealthy';
    if (next !== this.status) this.lastTransition = run.time;
    this.status = next;
    if (run.pass) this.lastPass = run.time;
    else this.lastFail = run.time;
    this.last = run;
    if (run.time > this.t.rawSince) {
      into.raw.checkId.push(this.profile.id);
      into.raw.time.push(run.time);
      into.raw.duration.push(run.duration);
      into.raw.pass.push(run.pass);
      into.raw.error.push(run.error);
    }
  }

  endHour(into: History): void {
    if (!this.hour) return;
    this.latest = {
      passed: this.passed,
      failed: this.failed,
      sum: this.sum,
      text: this.hist.text(),
    };
    this.close(this.hour, into.hours);
  }

  /** Closes the last day and records the checks row as writeResults would leave it. */
  finish(into: History): void {
    if (this.day) this.close(this.day, into.days);
    const last = this.last;
    if (!last) return;
    into.checks.push({
      id: this.profile.id,
      status: this.status ?? 'healthy',
      lastRuntime: last.time,
      nextRuntime: last.time + this.t.intervalMs,
      lastTransition: this.lastTransition,
      lastPass: this.lastPass,
      lastFail: this.lastFail,
      latency: last.duration,
      cumPassed: this.passed,
      cumFailed: this.failed,
      cumDurationSum: this.sum,
      cumHist: this.latest.text,
    });
  }

  /** Writes a bucket with the totals after its last run: those of the last hour closed. */
  private close(b: Open, out: BucketColumns): void {
    out.checkId.push(this.profile.id);
    out.start.push(b.start);
    out.total.push(b.total);
    out.passed.push(b.passed);
    out.failed.push(b.failed);
    out.durationSum.push(b.sum);
    out.durationMin.push(b.min);
    out.durationMax.push(b.max);
    out.cumPassed.push(this.latest.passed);
    out.cumFailed.push(this.latest.failed);
    out.cumDurationSum.push(this.latest.sum);
    out.cumHist.push(this.latest.text);
    out.updated.push(b.last);
  }
}

function open(start: number): Open {
  return { start, total: 0, passed: 0, failed: 0, sum: 0, min: Infinity, max: 0, last: start };
}

function add(bucket: Open, run: Run): void {
  bucket.total++;
  if (run.pass) bucket.passed++;
  else bucket.failed++;
  bucket.sum += run.duration;
  bucket.min = Math.min(bucket.min, run.duration);
  bucket.max = Math.max(bucket.max, run.duration);
  bucket.last = run.time;
}

import type { CheckResult } from './check-result.ts';
import { recordInText } from './latency-histogram.ts';

/** A check's totals since its first run. */
export interface Totals {
  passed: number;
  failed: number;
  durationSum: number;
  /** The cumulative latency histogram, in its stored text form (latency-histogram.ts). */
  hist: string;
}

/** What one rollup bucket (an hour or a day) gains from a batch, and the totals at its end. */
export interface BucketDelta {
  readonly checkId: string;
  readonly start: Date;
  total: number;
  passed: number;
  failed: number;
  durationSum: number;
  durationMin: number;
  durationMax: number;
  cumPassed: number;
  cumFailed: number;
  cumDurationSum: number;
  cumHist: string;
}

export interface CheckUpdate {
  readonly checkId: string;
  readonly status: 'healthy' | 'unhealthy';
  readonly lastRuntime: Date;
  readonly lastPass: Date | null;
  readonly lastFail: Date | null;
  readonly latency: number;
  readonly nextRuntime: Date | null;
  /** When the status last changed within this batch (or null: no change). */
  readonly transitionAt: Date | null;
  readonly totals: Totals;
}

export interface Transition {
  readonly checkId: string;
  readonly canaryId: string;
  readonly time: Date;
  readonly status: 'healthy' | 'unhealthy';
}

export interface PreviousState {
  readonly status: string | null;
  readonly cumPassed: number;
  readonly cumFailed: number;
  readonly cumDurationSum: number;
  readonly cumHist: string;
}

const hourMs = 3_600_000;
const dayMs = 86_400_000;

/**
 * Folds one check's new results (in time order) into its totals, its hour and day buckets,
 * and its transitions. Pure, so the writer's transaction only reads and writes.
 */
export function rollUpCheck(
  results: readonly CheckResult[],
  previous: PreviousState,
): { update: CheckUpdate; hours: BucketDelta[]; days: BucketDelta[]; transitions: Transition[] } {
  const totals: Totals = {
    passed: previous.cumPassed,
    failed: previous.cumFailed,
    durationSum: previous.cumDurationSum,
    hist: previous.cumHist,
  };
  const hours: BucketDelta[] = [];
  const days: BucketDelta[] = [];
  const transitions: Transition[] = [];
  let status = previous.status;
  let lastPass: Date | null = null;
  let lastFail: Date | null = null;
  let transitionAt: Date | null = null;
  for (const result of results) {
    if (result.pass) totals.passed++;
    else totals.failed++;
    totals.durationSum += result.duration;
    totals.hist = recordInText(totals.hist, result.duration);
    const next = result.pass ? 'healthy' : 'unhealthy';
    if (next !== status) {
      // The first run of a check only counts as a transition when it fails.
      if (status !== null || next === 'unhealthy') {
        transitions.push({
          checkId: result.checkId,
          canaryId: result.canaryId,
          time: result.time,
          status: next,
        });
      }
      transitionAt = result.time;
      status = next;
    }
    if (result.pass) lastPass = result.time;
    else lastFail = result.time;
    const snapshot = totals.hist;
    addTo(hours, result, hourMs, totals, snapshot);
    addTo(days, result, dayMs, totals, snapshot);
  }
  const last = results[results.length - 1];
  if (!last) throw new Error('rollUpCheck needs at least one result');
  return {
    update: {
      checkId: last.checkId,
      status: last.pass ? 'healthy' : 'unhealthy',
      lastRuntime: last.time,
      lastPass,
      lastFail,
      latency: last.duration,
      nextRuntime: last.nextRuntime,
      transitionAt,
      totals,
    },
    hours,
    days,
    transitions,
  };
}

/** Results come in time order, so a result's bucket is the last one or a new one. */
function addTo(
  buckets: BucketDelta[],
  result: CheckResult,
  widthMs: number,
  totals: Totals,
  snapshot: string,
): void {
  const start = Math.floor(result.time.getTime() / widthMs) * widthMs;
  let bucket = buckets[buckets.length - 1];
  if (!bucket || bucket.start.getTime() !== start) {
    bucket = {
      checkId: result.checkId,
      start: new Date(start),
      total: 0,
      passed: 0,
      failed: 0,
      durationSum: 0,
      durationMin: result.duration,
      durationMax: result.duration,
      cumPassed: 0,
      cumFailed: 0,
      cumDurationSum: 0,
      cumHist: '',
    };
    buckets.push(bucket);
  }
  bucket.total++;
  if (result.pass) bucket.passed++;
  else bucket.failed++;
  bucket.durationSum += result.duration;
  bucket.durationMin = Math.min(bucket.durationMin, result.duration);
  bucket.durationMax = Math.max(bucket.durationMax, result.duration);
  bucket.cumPassed = totals.passed;
  bucket.cumFailed = totals.failed;
  bucket.cumDurationSum = totals.durationSum;
  bucket.cumHist = snapshot;
}

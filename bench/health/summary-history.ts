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

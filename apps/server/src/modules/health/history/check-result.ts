/** One run of one check, as the engine (or an agent's push) hands it to the writer. */
export interface CheckResult {
  readonly checkId: string;
  readonly canaryId: string;
  /** When the run started. */
  readonly time: Date;
  /** Milliseconds. */
  readonly duration: number;
  readonly pass: boolean;
  readonly invalid: boolean;
  readonly message: string | null;
  readonly error: string | null;
  readonly detail: unknown;
  /** For metrics and logs; the writer keys on checkId. */
  readonly checkName?: string;
  /** The canary's next slot, shown as the check's next run. */
  readonly nextRuntime: Date | null;
}

/** One run of a canary, kept in job history. */
export interface CanaryRun {
  readonly canaryId: string;
  readonly canaryName: string;
  readonly agentId: string;
  readonly start: Date;
  readonly durationMs: number;
  readonly passed: number;
  readonly failed: number;
  readonly errors: readonly string[];
}

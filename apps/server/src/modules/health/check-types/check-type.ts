import { z } from 'zod';
import type { OpenedConnection } from '../../connections/index.ts';
import { checkRetriesSpec } from '../engine/check-retries.ts';
import type { EnvVar } from '../../../platform/values/env-var.ts';
import { checkRelationshipSpec } from '../relationships/relationship-spec.ts';

export {
  CheckConfigError,
  envVar,
  envVarObject,
  valueFrom,
  type EnvVar,
} from '../../../platform/values/env-var.ts';

const expression = z
  .object({
    expr: z.string().optional(),
    template: z.string().optional(),
    javascript: z.string().optional(),
  })
  .strict()
  .refine(
    (v) => v.expr !== undefined || v.template !== undefined || v.javascript !== undefined,
    'needs expr, template or javascript',
  );

/** Fields every check type shares (canary-checker's `Description`, `Templatable`, …). */
export const commonCheckFields = {
  name: z
    .string()
    .min(1, 'is required')
    .max(253)
    .describe('Name of the check, unique per type within the canary'),
  description: z.string().optional().describe('Shown with the check'),
  icon: z.string().optional().describe('Icon shown with the check'),
  labels: z.record(z.string(), z.string()).optional().describe('Labels of the check'),
  namespace: z.string().optional().describe("Namespace of the check; the canary's by default"),
  test: expression
    .optional()
    .describe(
      'CEL `expr`, Go `template` or `javascript` that must return true for the check to pass',
    ),
  display: expression.optional().describe("Replaces the check's message"),
  transform: expression
    .optional()
    .describe('Turns the result into a list of checks, each stored as its own check'),
  transformDeleteStrategy: z.enum(['MarkHealthy', 'MarkUnhealthy', 'Ignore']).optional(),
  metrics: z.array(z.record(z.string(), z.unknown())).optional(),
  dependsOn: z.array(z.string()).optional(),
  markFailOnEmpty: z.boolean().optional(),
  severity: z.enum(['info', 'warning', 'low', 'medium', 'high', 'blocker', 'critical']).optional(),
  owner: z.string().optional(),
  /** Per-check time limit in seconds; the engine's default applies when unset. */
  timeout: z.number().positive().max(3600).optional(),
  retries: checkRetriesSpec
    .optional()
    .describe("Retry a failing check (merged over the canary's retries)"),
  connection: z
    .string()
    .regex(/^connection:\/\/[^/]+\/[^/]+$/, 'must look like connection://<namespace>/<name>')
    .optional(),
  /** canary-checker's `Relatable`: every check type has it but mongodb (upstream's too). */
  relationships: checkRelationshipSpec.optional(),
};

export type Expression = z.infer<typeof expression>;

/** A failed outcome's error when its runner gave none. */
export const failedWithoutError = 'check failed';

/** What a check type's run found. The engine applies `test`, `display` and `transform` to it. */
export interface CheckOutcome {
  readonly pass: boolean;
  /** A short human line; `display` replaces it. */
  readonly message?: string;
  /** Why it failed: set whenever pass is false for a reason the runner knows. */
  readonly error?: string;
  /** The check is misconfigured (bad query, missing connection), not the target unhealthy. */
  readonly invalid?: boolean;
  /** Variables for test/display/transform expressions, e.g. `code`, `json`, `results`. */
  readonly data: Readonly<Record<string, unknown>>;
  /** Kept with the status row; defaults to nothing. */
  readonly detail?: unknown;
  /** When the runner times the interesting part itself (ms); else the engine times run(). */
  readonly duration?: number;
}

/** A `connection://namespace/name` resolved, with its secrets opened. */
export type ResolvedConnection = OpenedConnection;

/** What a running check may use besides its spec. */
export interface CheckRunContext {
  /** Aborted when the check's time limit passes; runners pass it to every I/O call. */
  readonly signal: AbortSignal;
  /** The same moment as a callback, for a runner that needs no signal (see RunAbort). */
  whenAborted(listener: (reason: Error) => void): () => void;
  /** The time limit of this run, in ms. */
  readonly timeoutMs: number;
  /** The canary's namespace: relative connection and secret references resolve in it. */
  readonly namespace: string;
  /**
   * Loads `connection://ns/name`; throws CheckConfigError when it does not exist, or when
   * `endpoint` (the check's own url, which it contacts instead) is not the connection's own.
   */
  connection(reference: string, endpoint?: string): Promise<ResolvedConnection>;
  /** Resolves an EnvVar (plain, `{value}` or a Secret/ConfigMap key). */
  resolveValue(value: EnvVar | undefined): Promise<string | undefined>;
  /**
   * What templates in a check's own fields see besides the check: `canary` and the canary's
   * `spec.env` values, resolved. Absent outside a canary run.
   */
  templateValues?(): Promise<Record<string, unknown>>;
  /**
   * The check's latest recorded result as canary-checker's `last_result` answers it, for
   * templated fields; undefined before its first run. Absent outside a canary run.
   */
  lastResult?(): Promise<Record<string, unknown> | undefined>;
  /** What was pushed to a check that runs on pushes (`webhook`); absent on scheduled runs. */
  readonly pushed?: Readonly<Record<string, unknown>>;
}

/** How a check type is written: its fields, the endpoint shown for a check, and its run. */
export interface CheckTypeDefinition<T extends z.ZodType> {
  /** The key under `spec`, e.g. `http` for `spec.http[]`. */
  readonly type: string;
  readonly schema: T;
  endpoint(check: z.infer<T>): string | undefined;
  run(check: z.infer<T>, ctx: CheckRunContext): Promise<CheckOutcome>;
  /** Declared as one object (`spec.webhook: {…}`) rather than a list, as canary-checker's CRD. */
  readonly single?: boolean;
  /** Runs when something is pushed to it, never on the canary's schedule. */
  readonly pushed?: boolean;
}

/** A check parsed once (when its canary is loaded), ready to run on every tick. */
export interface PreparedCheck {
  readonly endpoint: string | undefined;
  run(ctx: CheckRunContext): Promise<CheckOutcome>;
  readonly pushed?: boolean;
}

/** A registry entry: the schema for validation and a way to prepare a declared check. */
export interface CheckType {
  readonly type: string;
  readonly schema: z.ZodType;
  readonly single?: boolean;
  /** Parses the declared check (throws a ZodError when it does not fit) and binds its run. */
  prepare(check: unknown): PreparedCheck;
}

/** Turns a typed definition into a registry entry; the schema's type reaches `run` unchanged. */
export function defineCheckType<T extends z.ZodType>(
  definition: CheckTypeDefinition<T>,
): CheckType {
  return {
    type: definition.type,
    schema: definition.schema,
    single: definition.single === true,
    prepare(check) {
      const parsed = definition.schema.parse(check);
      return {
        endpoint: definition.endpoint(parsed),
        run: (ctx) => definition.run(parsed, ctx),
        pushed: definition.pushed === true,
      };
    },
  };
}

/** Shorthand for a failed outcome with its reason. */
export function failed(error: string, data: Record<string, unknown> = {}): CheckOutcome {
  return { pass: false, error, data };
}

/** The message of anything thrown, for a failed outcome. */
export function errorText(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}

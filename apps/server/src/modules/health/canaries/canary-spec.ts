import { z } from 'zod';
import { envVar } from '../check-types/check-type.ts';
import {
  checkTypes,
  pendingCheckTypes,
  removedCheckTypeMessage,
  removedCheckTypes,
} from '../check-types/registry.ts';
import { checkRetriesSpec, type CheckRetriesSpec } from '../engine/check-retries.ts';
import { intervalSchedule, parseSchedule } from '../engine/schedule.ts';
import { agentSelectorSchema } from './agent-selector.ts';
import { dependencyProblem } from './dependencies.ts';
import { expressionProblem } from './expression-validation.ts';
import { metricsProblem } from './metric-spec.ts';
import { relationshipsProblem } from '../relationships/relationship-spec.ts';

const settingsSchema = z
  .object({
    schedule: z.string().min(1).optional(),
    interval: z.number().int().positive().optional(),
    severity: z.string().optional(),
    owner: z.string().optional(),
    icon: z.string().optional(),
    replicas: z.number().int().nonnegative().optional(),
    resultMode: z.string().optional(),
    agentSelector: agentSelectorSchema.optional(),
    retries: checkRetriesSpec.optional(),
    /** Values every check's templates may use, as `{{ .name }}` or `$(name)`. */
    env: z
      .record(z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'must be a name'), envVar)
      .optional(),
  })
  .strict();

/** One check as the canary declares it, before it is stored as a `checks` row. */
export interface DeclaredCheck {
  readonly type: string;
  readonly name: string;
  readonly description: string | null;
  readonly icon: string | null;
  readonly namespace: string | null;
  readonly labels: Record<string, string>;
  readonly endpoint: string | null;
  readonly severity: string | null;
  readonly owner: string | null;
  readonly spec: Record<string, unknown>;
  /** Where the check is declared, e.g. `spec.http[0]`, for messages. */
  readonly field: string;
}

export type SpecResult =
  | {
      ok: true;
      checks: DeclaredCheck[];
      schedule: string | undefined;
      /** Agents that run copies of this canary instead of the upstream (empty: it runs here). */
      agentSelector: string[];
      /** Retry defaults for every check (`spec.retries`). */
      retries: CheckRetriesSpec | undefined;
      /** `replicas: 0`: as canary-checker, the canary is kept but not scheduled. */
      paused: boolean;
      /** `resultMode: junit`: the runs are recorded as one JUnit report on one check. */
      junit: boolean;
    }
  | { ok: false; field: string; message: string };

/**
 * Validates a canary's `spec` (canary-checker's Canary resource) and lists its checks. The
 * first problem is reported with the field it is about, e.g. `spec.http[0].url`.
 */
export function parseCanarySpec(spec: unknown): SpecResult {
  if (typeof spec !== 'object' || spec === null || Array.isArray(spec)) {
    return { ok: false, field: 'spec', message: 'must be an object' };
  }
  const settings: Record<string, unknown> = {};
  const checks: DeclaredCheck[] = [];
  const positions = new Map<string, number>();
  for (const [key, value] of Object.entries(spec)) {
    const type = checkTypes.get(key);
    if (!type) {
      if (removedCheckTypes.has(key)) {
        return { ok: false, field: `spec.${key}`, message: removedCheckTypeMessage(key) };
      }
      if (pendingCheckTypes.has(key)) {
        return {
          ok: false,
          field: `spec.${key}`,
          message: `check type ${key} is not supported yet`,
        };
      }
      settings[key] = value;
      continue;
    }
    const entries: unknown = type.single === true ? [value] : value;
    if (!Array.isArray(entries))
      return { ok: false, field: `spec.${key}`, message: 'must be a list' };
    for (const [index, entry] of entries.entries()) {
      const parsed = type.schema.safeParse(entry);
      const at = type.single === true ? `spec.${key}` : `spec.${key}[${index}]`;
      if (!parsed.success) return problemAt(at, parsed.error);
      const check = checkObject(parsed.data);
      const badExpression =
        expressionProblem(check) ?? metricsProblem(check) ?? relationshipsProblem(check);
      if (badExpression) {
        return { ok: false, field: `${at}.${badExpression.field}`, message: badExpression.message };
      }
      // canary-checker keys a check by canary, type and name: a repeated name updates that check.
      const named = `${key}/${String(check.name)}`;
      const one = declared(key, at, check, type.prepare(parsed.data).endpoint);
      const earlier = positions.get(named);
      if (earlier === undefined) positions.set(named, checks.push(one) - 1);
      else checks[earlier] = one;
    }
  }
  const parsedSettings = settingsSchema.safeParse(settings);
  if (!parsedSettings.success) return problemAt('spec', parsedSettings.error);
  if (checks.length === 0) return { ok: false, field: 'spec', message: 'declares no checks' };
  const badDependency = dependencyProblem(checks);
  if (badDependency) return { ok: false, ...badDependency };
  const schedule =
    parsedSettings.data.schedule ??
    (parsedSettings.data.interval ? intervalSchedule(parsedSettings.data.interval) : undefined);
  if (schedule !== undefined) {
    try {
      parseSchedule(schedule);
    } catch (error) {
      const field = parsedSettings.data.schedule !== undefined ? 'spec.schedule' : 'spec.interval';
      return { ok: false, field, message: error instanceof Error ? error.message : String(error) };
    }
  }
  return {
    ok: true,
    checks,
    schedule,
    agentSelector: parsedSettings.data.agentSelector ?? [],
    retries: parsedSettings.data.retries,
    paused: parsedSettings.data.replicas === 0,
    junit: parsedSettings.data.resultMode === 'junit',
  };
}

function problemAt(base: string, error: z.ZodError): SpecResult {
  const issue = error.issues[0];
  const path = (issue?.path ?? []).map((part) =>
    typeof part === 'number' ? `[${part}]` : `.${String(part)}`,
  );
  const keys = issue?.code === 'unrecognized_keys' ? `.${issue.keys.join(', ')}` : '';
  const message =
    issue?.code === 'unrecognized_keys' ? 'is not a known field' : (issue?.message ?? 'is invalid');
  return { ok: false, field: `${base}${path.join('')}${keys}`, message };
}

function checkObject(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null
    ? Object.fromEntries(Object.entries(value))
    : {};
}

function text(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

function declared(
  type: string,
  field: string,
  check: Record<string, unknown>,
  endpoint: string | undefined,
): DeclaredCheck {
  const labels = check.labels;
  return {
    type,
    field,
    name: String(check.name),
    description: text(check.description),
    icon: text(check.icon),
    namespace: text(check.namespace),
    labels:
      typeof labels === 'object' && labels !== null
        ? Object.fromEntries(Object.entries(labels).map(([k, v]) => [k, String(v)]))
        : {},
    endpoint: endpoint ?? null,
    severity: text(check.severity),
    owner: text(check.owner),
    spec: check,
  };
}

import { z } from 'zod';
import { envVar, type EnvVar, type PreparedCheck } from '../check-types/check-type.ts';
import { checkTypes } from '../check-types/registry.ts';
import { parseCanarySpec } from '../canaries/canary-spec.ts';
import { checkRetriesSpec, retryPolicy, type RetryPolicy } from './check-retries.ts';
import type { CheckExpressions } from '../expressions/check-expressions.ts';
import type { CanaryRow } from './canary-store.repository.ts';
import { metricSpecSchema, type MetricSpec } from '../canaries/metric-spec.ts';
import { junitReportCheck } from './junit-result-mode.ts';
import { parseSchedule, type Schedule } from './schedule.ts';
import {
  checkRelationshipSpec,
  type CheckRelationshipSpec,
} from '../relationships/relationship-spec.ts';

/** A declared check ready to run: its row id, its expressions and its bound runner. */
export interface RunnableCheck {
  readonly id: string;
  readonly type: string;
  readonly name: string;
  readonly labels: Readonly<Record<string, string>>;
  readonly expressions: CheckExpressions;
  readonly dependsOn: readonly string[];
  readonly timeoutMs: number | undefined;
  /** canary-checker's `retries`, the check's over the canary's; undefined: one attempt. */
  readonly retryPolicy: RetryPolicy | undefined;
  readonly transformDeleteStrategy: 'MarkHealthy' | 'MarkUnhealthy' | 'Ignore' | undefined;
  /** Custom Prometheus series made from each result. */
  readonly metrics: readonly MetricSpec[];
  /** Lookups linking its results (and its transformed checks') to components and configs. */
  readonly relationships: CheckRelationshipSpec | undefined;
  readonly runner: PreparedCheck;
}

export interface PreparedCanary {
  readonly id: string;
  readonly name: string;
  readonly namespace: string;
  readonly agentId: string;
  readonly labels: Readonly<Record<string, string>>;
  readonly updatedAt: number;
  readonly schedule: Schedule | null;
  readonly checks: readonly RunnableCheck[];
  /** `resultMode: junit`: the check its runs are recorded on, as one report. */
  readonly junitReportId?: string | undefined;
  /** Its checks may pair a connection with their own url (an admin wrote the spec). */
  readonly connectionPairingApproved: boolean;
  /** `spec.env`: values its checks' templates may use, resolved at each run. */
  readonly env: Readonly<Record<string, EnvVar>>;
}

const canaryEnv = z.object({ env: z.record(z.string(), envVar).optional() }).loose();

const runtimeFields = z.object({
  test: z.object({ expr: z.string().optional(), template: z.string().optional() }).optional(),
  display: z.object({ expr: z.string().optional(), template: z.string().optional() }).optional(),
  transform: z.object({ expr: z.string().optional(), template: z.string().optional() }).optional(),
  markFailOnEmpty: z.boolean().optional(),
  dependsOn: z.array(z.string()).optional(),
  timeout: z.number().positive().optional(),
  retries: checkRetriesSpec.optional(),
  transformDeleteStrategy: z.enum(['MarkHealthy', 'MarkUnhealthy', 'Ignore']).optional(),
  metrics: z.array(metricSpecSchema).optional(),
  relationships: checkRelationshipSpec.optional(),
});

/**
 * Binds a stored canary to its runners once; the engine keeps the result until the canary's
 * updated_at changes. A spec that no longer validates (a type removed since it was stored)
 * throws; the engine logs it and skips the run.
 */
export function prepareCanary(row: CanaryRow): PreparedCanary {
  const parsed = parseCanarySpec(row.spec);
  if (!parsed.ok) throw new Error(`${parsed.field} ${parsed.message}`);
  const ids = new Map(row.checks.map((c) => [`${c.type}/${c.name}`, c]));
  const checks: RunnableCheck[] = [];
  for (const declared of parsed.checks) {
    const stored = ids.get(`${declared.type}/${declared.name}`);
    const type = checkTypes.get(declared.type);
    if (!stored || !type) continue;
    const fields = runtimeFields.parse(declared.spec);
    checks.push({
      id: stored.id,
      type: declared.type,
      name: declared.name,
      labels: declared.labels,
      expressions: fields,
      dependsOn: fields.dependsOn ?? [],
      timeoutMs: fields.timeout === undefined ? undefined : fields.timeout * 1000,
      retryPolicy: retryPolicy(parsed.retries, fields.retries),
      transformDeleteStrategy: fields.transformDeleteStrategy,
      metrics: fields.metrics ?? [],
      relationships: fields.relationships,
      runner: type.prepare(declared.spec),
    });
  }
  return {
    id: row.id,
    name: row.name,
    namespace: row.namespace,
    agentId: row.agent_id,
    labels: stringLabels(row.labels),
    updatedAt: row.updated_at.getTime(),
    schedule: row.schedule ? parseSchedule(row.schedule) : null,
    checks,
    connectionPairingApproved: row.connection_pairing_approved,
    env: canaryEnv.parse(row.spec).env ?? {},
    junitReportId: parsed.junit
      ? ids.get(`${junitReportCheck.type}/${junitReportCheck.name}`)?.id
      : undefined,
  };
}

function stringLabels(labels: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(Object.entries(labels).map(([k, v]) => [k, String(v)]));
}

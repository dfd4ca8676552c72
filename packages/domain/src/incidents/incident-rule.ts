import { z } from 'zod';
import { incidentSeveritySchema, incidentStatusSchema, incidentTypeSchema } from './incident.ts';

/** What a rule watches: failing checks, unhealthy components, open config analysis. */
export const incidentRuleSources = ['check', 'component', 'config_analysis'] as const;
export type IncidentRuleSource = (typeof incidentRuleSources)[number];

const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be HH:MM (UTC)');

/**
 * Mission Control's filter: each list matches its field (`*` matches all), `age` is how long
 * the resource must have been in trouble (a duration like `5m`, or Go's nanoseconds).
 */
export const incidentRuleFieldFilterSchema = z.strictObject({
  status: z.array(z.string()).optional(),
  severity: z.array(z.string()).optional(),
  category: z.array(z.string()).optional(),
  age: z
    .union([
      z.string().regex(/^(\d+(ns|us|µs|ms|s|m|h))+$/, 'must be a duration like 5m'),
      z.number().int().nonnegative(),
    ])
    .optional(),
});
export type IncidentRuleFieldFilter = z.infer<typeof incidentRuleFieldFilterSchema>;

/** The spec of an incident rule (settings resource incident_rules). */
export const incidentRuleSpecSchema = z.strictObject({
  sources: z
    .array(z.enum(incidentRuleSources))
    .min(1)
    .default([...incidentRuleSources]),
  /**
   * CEL over `check`, `component` or `analysis`, and `source` (empty matches everything), or
   * Mission Control's field filter.
   */
  filter: z.union([z.string(), incidentRuleFieldFilterSchema]).default(''),
  /** Lower runs first. */
  priority: z.number().int().default(0),
  /** A match stops the rules after this one for that resource. */
  breakOnMatch: z.boolean().default(false),
  /** UTC windows in which the rule may open incidents; none means always. */
  hoursOfOperation: z
    .array(z.strictObject({ start: clock, end: clock, negate: z.boolean().default(false) }))
    .default([]),
  template: z
    .strictObject({
      /** Go template over the resource, e.g. `{{ .name }} is failing`. */
      title: z.string().default('{{ .name }} is unhealthy'),
      description: z.string().default(''),
      type: incidentTypeSchema.default('availability'),
      severity: incidentSeveritySchema.default('low'),
      status: incidentStatusSchema.default('open'),
    })
    .prefault({}),
});
export type IncidentRuleSpec = z.infer<typeof incidentRuleSpecSchema>;

function minutes(value: string): number {
  const [hours = '0', mins = '0'] = value.split(':');
  return Number(hours) * 60 + Number(mins);
}

/** Whether `at` falls in the rule's hours of operation (a window may wrap past midnight). */
export function withinHoursOfOperation(
  windows: IncidentRuleSpec['hoursOfOperation'],
  at: Date,
): boolean {
  if (windows.length === 0) return true;
  const now = at.getUTCHours() * 60 + at.getUTCMinutes();
  return windows.some((window) => {
    const start = minutes(window.start);
    const end = minutes(window.end);
    const inside = start <= end ? now >= start && now < end : now >= start || now < end;
    return window.negate ? !inside : inside;
  });
}

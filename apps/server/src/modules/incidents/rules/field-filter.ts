import type { IncidentRuleFieldFilter } from '@vigil/domain';
import { parseDuration } from '../../../platform/durations.ts';

/** Go's time.Duration is nanoseconds when written as a number. */
const nanosPerMs = 1_000_000;

function listMatches(allowed: readonly string[] | undefined, value: unknown): boolean {
  if (!allowed || allowed.length === 0 || allowed.includes('*')) return true;
  return typeof value === 'string' && allowed.includes(value);
}

/** When the resource went into trouble: a check's transition, else its last update. */
function troubleSince(resource: Record<string, unknown>): number | undefined {
  const at = resource.last_transition_time ?? resource.updated_at ?? resource.created_at;
  const time = typeof at === 'string' ? Date.parse(at) : Number.NaN;
  return Number.isNaN(time) ? undefined : time;
}

/**
 * Mission Control's field filter over a candidate resource: status, severity and category
 * (the analysis type, else the resource type) lists, and a minimum age in trouble.
 */
export function matchesFieldFilter(
  filter: IncidentRuleFieldFilter,
  resource: Record<string, unknown>,
  now: Date,
): boolean {
  if (!listMatches(filter.status, resource.status)) return false;
  if (!listMatches(filter.severity, resource.severity)) return false;
  if (!listMatches(filter.category, resource.analysis_type ?? resource.type)) return false;
  if (filter.age === undefined) return true;
  const minimum =
    typeof filter.age === 'number' ? filter.age / nanosPerMs : (parseDuration(filter.age) ?? 0);
  const since = troubleSince(resource);
  return since === undefined || now.getTime() - since >= minimum;
}

import { evaluateCel } from '../../health/index.ts';
import type { ScrapedChange, Severity } from '../scrapers/scrape-result.ts';
import type { TransformSpec } from './transform.ts';

const expressionLimitMs = 1000;
const severities: readonly Severity[] = [
  'info',
  'low',
  'medium',
  'high',
  'critical',
  'warning',
  'blocker',
];

/**
 * `transform.changes`: `exclude` drops a change when any expression is true; the first
 * `mapping` whose filter is true sets its type, severity and summary, or drops it (`ignore`,
 * `delete`). Expressions see the change as config-db names its fields.
 */
export function applyChangeRules(
  transform: TransformSpec | undefined,
  changes: readonly ScrapedChange[],
): ScrapedChange[] {
  const rules = transform?.changes;
  if (!rules) return [...changes];
  const kept: ScrapedChange[] = [];
  for (const change of changes) {
    const variables = { change: celView(change) };
    const test = (source: string) => evaluateCel(source, variables, expressionLimitMs) === true;
    if ((rules.exclude ?? []).some(test)) continue;
    const mapping = (rules.mapping ?? []).find((m) => m.filter === undefined || test(m.filter));
    if (!mapping) {
      kept.push(change);
      continue;
    }
    if (mapping.action === 'ignore' || mapping.action === 'delete') continue;
    const severity = severities.find((s) => s === mapping.severity);
    kept.push({
      ...change,
      changeType: mapping.type || change.changeType,
      severity: severity ?? change.severity,
      summary: mapping.summary || change.summary,
    });
  }
  return kept;
}

function celView(change: ScrapedChange): Record<string, unknown> {
  return {
    change_type: change.changeType,
    severity: change.severity ?? '',
    summary: change.summary ?? '',
    source: change.source ?? '',
    details: change.details ?? {},
    external_id: change.config.externalId,
    config_type: change.config.type,
    external_change_id: change.externalChangeId ?? '',
    created_by: change.createdBy ?? '',
  };
}

import type { Queryable } from '../../../platform/db.ts';
import type { CheckOutcome } from '../check-types/check-type.ts';
import { celScalars, type TransformedCheck } from '../expressions/check-expressions.ts';
import {
  findTargetIds,
  syncCheckLinks,
  type TargetKind,
} from './check-relationships.repository.ts';
import { evalSelector, selectorId } from './relationship-selector.ts';
import type { CheckRelationshipSpec } from './relationship-spec.ts';

/** One result of a check whose spec (or whose transform parent's spec) has `relationships`. */
export interface RelateRequest {
  readonly canaryId: string;
  readonly checkId: string;
  readonly spec: CheckRelationshipSpec;
  readonly result: RelatedResult;
}

/** What canary-checker's lookups see of a result: `labels` for `label`, all as `result`. */
export interface RelatedResult {
  /** Empty for a declared check, the transformed check's name for one a transform made. */
  readonly name: string;
  readonly start: Date;
  readonly pass: boolean;
  readonly invalid: boolean;
  readonly detail: unknown;
  readonly data: Readonly<Record<string, unknown>>;
  readonly labels: Readonly<Record<string, string>>;
  readonly duration: number;
  readonly description: string;
  readonly message: string;
  readonly namespace: string;
  readonly error: string;
  readonly transformed: boolean;
}

/** `result` as gomplate serializes canary-checker's CheckResult (its JSON field names). */
function variables(result: RelatedResult): Record<string, unknown> {
  return {
    result: {
      name: result.name,
      start: result.start.toISOString(),
      pass: result.pass,
      invalid: result.invalid,
      detail: result.detail ?? null,
      data: celScalars(result.data),
      labels: result.labels,
      duration: BigInt(Math.round(result.duration)),
      description: result.description,
      display_type: '',
      message: result.message,
      namespace: result.namespace,
      error: result.error,
      metrics: [],
      transformed: result.transformed,
      artifacts: [],
    },
  };
}

/**
 * canary-checker's FormCheckRelationships: each lookup of `components` and `configs` picks
 * items; the check is linked to them under the lookup's selector id, and its links that the
 * lookups no longer find are removed. Answers the lookups' errors (they never fail the check).
 */
export async function formCheckRelationships(
  db: Queryable,
  request: RelateRequest,
  limitMs: number,
): Promise<string[]> {
  const errors: string[] = [];
  const env = variables(request.result);
  for (const kind of ['components', 'configs'] as const satisfies readonly TargetKind[]) {
    const links = new Map<string, { targetId: string; selectorId: string }>();
    for (const template of request.spec[kind] ?? []) {
      try {
        const selector = evalSelector(template, request.result.labels, env, limitMs);
        if (selector === undefined) continue;
        if (kind === 'configs' && selector.external_id?.trim() && !selector.type?.trim()) {
          throw new Error('config external ID lookup requires a type');
        }
        const id = selectorId(template);
        for (const targetId of await findTargetIds(db, kind, selector)) {
          links.set(`${targetId}/${id}`, { targetId, selectorId: id });
        }
      } catch (error) {
        errors.push(`${kind} lookup: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    await syncCheckLinks(db, kind, {
      canaryId: request.canaryId,
      checkId: request.checkId,
      links: [...links.values()],
    });
  }
  return errors;
}

/** A result's fields before the runner sets what it knows of the check. */
export function relatedDefaults(
  outcome: CheckOutcome,
  time: Date,
  duration: number,
): RelatedResult {
  return {
    name: '',
    start: time,
    pass: outcome.pass,
    invalid: outcome.invalid ?? false,
    detail: outcome.detail,
    data: {},
    labels: {},
    duration,
    description: '',
    message: outcome.message ?? '',
    namespace: '',
    error: outcome.error ?? '',
    transformed: false,
  };
}

/** The `data` a transform gave one of its checks (none when not an object). */
export function transformedData(item: TransformedCheck): Readonly<Record<string, unknown>> {
  const data: unknown = item.data;
  return typeof data === 'object' && data !== null && !Array.isArray(data)
    ? Object.fromEntries(Object.entries(data))
    : {};
}

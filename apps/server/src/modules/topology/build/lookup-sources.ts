import { z } from 'zod';
import type { Queryable } from '../../../platform/db.ts';
import type { ValueResolver } from '../../../platform/values/values.ts';
import { findConfigItems, type ConfigItemQuery } from '../../catalog/index.ts';
import type { ConnectionResolver } from '../../connections/index.ts';
import { checkTypes, hookOf } from '../../health/index.ts';
import { parseSelectorPairs, resourceSelector, type ResourceSelector } from '../spec/selectors.ts';

/** What a lookup may use: the database (catalog lookups) and the check runners' needs. */
export interface LookupDeps {
  readonly db: Queryable;
  readonly connections: ConnectionResolver;
  readonly values: ValueResolver;
  readonly namespace: string;
  readonly timeoutMs: number;
}

/** One entry's variables for its `display`: what the check found (`results`, `json`, `code` …). */
export type LookupSource = (entry: unknown, deps: LookupDeps) => Promise<Record<string, unknown>>;

/** A duty ResourceSelector over config items, as the catalog's query. */
export function configItemQueryOf(selector: ResourceSelector): ConfigItemQuery {
  const labels = parseSelectorPairs(selector.labelSelector);
  const tags = parseSelectorPairs(selector.tagSelector);
  return {
    ...(selector.id ? { ids: [selector.id] } : {}),
    ...(selector.name ? { name: selector.name } : {}),
    ...(selector.namespace ? { namespace: selector.namespace } : {}),
    ...(selector.types?.length ? { types: selector.types } : {}),
    ...(selector.healths?.length ? { healths: selector.healths } : {}),
    ...(selector.statuses?.length ? { statuses: selector.statuses } : {}),
    ...(Object.keys(labels).length > 0 ? { labels } : {}),
    ...(Object.keys(tags).length > 0 ? { tags } : {}),
  };
}

const catalogEntry = z.looseObject({ selector: z.array(resourceSelector).optional() });

/** `lookup.catalog[]`: the config items its selectors pick, as `results`. */
const catalogSource: LookupSource = async (entry, deps) => {
  const parsed = catalogEntry.parse(entry);
  const seen = new Map<string, Record<string, unknown>>();
  for (const selector of parsed.selector ?? [{}]) {
    for (const item of await findConfigItems(deps.db, configItemQueryOf(selector))) {
      seen.set(item.id, { ...item, config: item.config ?? {} });
    }
  }
  return { results: [...seen.values()] };
};

/** A check type of health run once; its outcome's variables are what `display` sees. */
function checkSource(type: string): LookupSource {
  return async (entry, deps) => {
    const checkType = checkTypes.get(type);
    if (!checkType) throw new Error(`${type} is not a check type`);
    const named = z.looseObject({ name: z.string().optional() }).parse(entry);
    const prepared = checkType.prepare({ ...named, name: named.name || `${type}-lookup` });
    const signal = AbortSignal.timeout(deps.timeoutMs);
    const hook = hookOf(signal);
    const outcome = await prepared.run({
      signal,
      whenAborted: (listener) => hook.whenAborted(listener),
      timeoutMs: deps.timeoutMs,
      namespace: deps.namespace,
      connection: (reference, endpoint) =>
        deps.connections(reference, { endpoint, approved: false }),
      resolveValue: deps.values,
    });
    if (!outcome.pass && outcome.invalid) throw new Error(outcome.error ?? 'invalid lookup');
    return { ...outcome.data, pass: outcome.pass, message: outcome.message ?? '' };
  };
}

/** The lookup kinds a topology runs: the catalog here, every other key a check type. */
export function lookupSourceOf(key: string): LookupSource | undefined {
  if (key === 'catalog') return catalogSource;
  return checkTypes.has(key) ? checkSource(key) : undefined;
}

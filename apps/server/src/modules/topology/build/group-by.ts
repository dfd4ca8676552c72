import { configTagValues } from '../../catalog/index.ts';
import type { ConfigQuery, ResourceSelector } from '../spec/selectors.ts';
import type { ComponentSpec, TopologySpec } from '../spec/topology-spec.ts';
import type { LookupDeps } from './lookup-sources.ts';
import { configItemQueryOf } from './lookup-sources.ts';

type GroupBy = NonNullable<TopologySpec['groupBy']>;

/** The distinct values of the `groupBy` tag over the config items its selector picks, sorted. */
export async function groupValues(groupBy: GroupBy, deps: LookupDeps): Promise<string[]> {
  return configTagValues(deps.db, groupBy.tag ?? '', configItemQueryOf(groupBy.selector ?? {}));
}

/**
 * The components of one group, as canary-checker injects the tag: catalog lookups and
 * `configs` only pick items with the tag's value, and `selectors` components with that label.
 */
export function withTag(components: readonly ComponentSpec[], tag: string, value: string) {
  return components.map((component): ComponentSpec => tagged(component, tag, value));
}

function tagged(component: ComponentSpec, tag: string, value: string): ComponentSpec {
  const selector = (given: ResourceSelector): ResourceSelector => ({
    ...given,
    tagSelector: inject(given.tagSelector, tag, value),
  });
  const config = (given: ConfigQuery): ConfigQuery => ({
    ...given,
    tags: { ...given.tags, [tag]: value },
  });
  const catalog = component.lookup?.catalog;
  return {
    ...component,
    ...(component.configs ? { configs: component.configs.map(config) } : {}),
    ...(component.selectors
      ? {
          selectors: component.selectors.map((s) => ({
            ...s,
            labelSelector: inject(s.labelSelector, tag, value),
          })),
        }
      : {}),
    ...(component.lookup && Array.isArray(catalog)
      ? { lookup: { ...component.lookup, catalog: catalog.map((entry) => taggedEntry(entry)) } }
      : {}),
    ...(component.components ? { components: withTag(component.components, tag, value) } : {}),
  };

  function taggedEntry(entry: unknown): unknown {
    if (typeof entry !== 'object' || entry === null) return entry;
    const selectors: unknown = new Map<string, unknown>(Object.entries(entry)).get('selector');
    if (!isList(selectors)) return { ...entry, selector: [selector({})] };
    return {
      ...entry,
      selector: selectors.map((s) =>
        typeof s === 'object' && s !== null ? selector({ ...s }) : s,
      ),
    };
  }
}

/** `a=b` with `tag=value` set (a selector's own value for the tag is replaced). */
function inject(selector: string | undefined, tag: string, value: string): string {
  const pairs = (selector ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '' && part.split('=')[0]?.trim() !== tag);
  return [...pairs, `${tag}=${value}`].sort().join(',');
}

function isList(value: unknown): value is unknown[] {
  return Array.isArray(value);
}

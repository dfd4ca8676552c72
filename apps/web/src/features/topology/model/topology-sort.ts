import { componentStatusRank, type TopologyComponent } from '@vigil/domain';

export interface SortField {
  value: string;
  label: string;
  standard: boolean;
}

/** Spec 001 §2: the standard fields; headline properties are added as `field:<name>`. */
export const standardSortFields: readonly SortField[] = [
  { value: 'status', label: 'Health', standard: true },
  { value: 'name', label: 'Name', standard: true },
  { value: 'type', label: 'Type', standard: true },
  { value: 'updated_at', label: 'Last Updated', standard: true },
];

export const defaultSortBy = 'status';
export const defaultSortOrder = 'desc';
export const fieldPrefix = 'field:';

export function sortFields(components: readonly TopologyComponent[]): SortField[] {
  const custom = new Map<string, SortField>();
  for (const component of components) {
    for (const property of component.properties ?? []) {
      const name = property.name;
      if (property.headline !== true || !name || custom.has(name)) continue;
      custom.set(name, { value: `${fieldPrefix}${name}`, label: name, standard: false });
    }
  }
  return [...standardSortFields, ...custom.values()];
}

type SortValue = string | number | undefined;

function sortValue(component: TopologyComponent, sortBy: string): SortValue {
  if (sortBy.startsWith(fieldPrefix)) {
    const name = sortBy.slice(fieldPrefix.length);
    const property = component.properties?.find((p) => p.name === name);
    const value = property?.value ?? property?.text;
    return value ?? undefined;
  }
  if (sortBy === 'status') return componentStatusRank[component.status ?? ''];
  if (sortBy === 'name') return (component.text ?? component.name).toLowerCase();
  if (sortBy === 'type') return component.type ?? undefined;
  if (sortBy === 'updated_at') {
    const time = Date.parse(component.updated_at ?? '');
    return Number.isNaN(time) ? undefined : time;
  }
  return undefined;
}

function compare(a: SortValue, b: SortValue): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), undefined, { numeric: true });
}

/**
 * Cards in the chosen order. Components without the value go last either way. Health
 * descending puts the worst first, as the default view should.
 */
export function sortComponents(
  components: readonly TopologyComponent[],
  sortBy: string,
  sortOrder: 'asc' | 'desc',
): TopologyComponent[] {
  const direction = sortOrder === 'desc' ? -1 : 1;
  // Health ranks 1 (unhealthy) to 4 (info): 'descending' health means worst first.
  const rank = sortBy === 'status' ? -direction : direction;
  return [...components].sort((x, y) => {
    const a = sortValue(x, sortBy);
    const b = sortValue(y, sortBy);
    if (a === undefined || b === undefined) {
      return a === b ? 0 : a === undefined ? 1 : -1;
    }
    return compare(a, b) * rank;
  });
}

const childOrder: Readonly<Record<string, number>> = { unhealthy: 0, warning: 1, healthy: 2 };

/** Spec 001 §2: children with unhealthy first, then warning, then healthy. */
export function sortChildren(children: readonly TopologyComponent[]): TopologyComponent[] {
  return [...children].sort(
    (a, b) => (childOrder[a.status ?? ''] ?? 3) - (childOrder[b.status ?? ''] ?? 3),
  );
}

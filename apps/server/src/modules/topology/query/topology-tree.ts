import { componentStatusRank, type TopologyComponent, type TopologyQuery } from '@vigil/domain';
import type { ComponentRow, SeverityCount } from './topology-query.repository.ts';

type Counts = Record<string, Record<string, number>>;

/** Severity counts per component; 'low' is merged into 'medium' (spec 001 §2). */
export function countsByComponent(rows: readonly SeverityCount[]): Map<string, Counts> {
  const out = new Map<string, Counts>();
  for (const row of rows) {
    const counts = out.get(row.component_id) ?? {};
    const severity = row.severity === 'low' ? 'medium' : row.severity;
    const byType = (counts[row.type] ??= {});
    byType[severity] = (byType[severity] ?? 0) + row.n;
    out.set(row.component_id, counts);
  }
  return out;
}

const noChecks = { healthy: 0, unhealthy: 0, warning: 0, unknown: 0 };

export function toComponent(
  row: ComponentRow,
  incidents: Map<string, Counts>,
  insights: Map<string, Counts>,
): TopologyComponent {
  const { summary, ...rest } = row;
  const checks = summary?.checks;
  return {
    ...rest,
    summary: {
      checks: typeof checks === 'object' && checks !== null ? { ...noChecks, ...checks } : noChecks,
      incidents: incidents.get(row.id) ?? {},
      insights: insights.get(row.id) ?? {},
    },
  };
}

/** `a,!b`: a value passes when it is listed (or nothing is) and is not excluded. */
export function matches(value: string | null, list: string | undefined): boolean {
  if (!list) return true;
  const items = list
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  if (items.some((item) => item === `!${value ?? ''}`)) return false;
  const wanted = items.filter((item) => !item.startsWith('!'));
  return wanted.length === 0 || wanted.includes(value ?? '');
}

/** Nests components under their parents; the roots are the asked component or the top level. */
export function nest(
  components: TopologyComponent[],
  rootId: string | undefined,
): TopologyComponent[] {
  const byId = new Map(components.map((component) => [component.id, component]));
  const roots: TopologyComponent[] = [];
  for (const component of components) {
    const parent = component.parent_id ? byId.get(component.parent_id) : undefined;
    const isRoot = rootId ? component.id === rootId : !parent;
    if (isRoot) roots.push(component);
    else if (parent) (parent.components ??= []).push(component);
  }
  return roots;
}

/** Keeps the children whose status passes (the roots too, unless one component was asked). */
export function filterStatus(
  roots: TopologyComponent[],
  query: TopologyQuery,
): TopologyComponent[] {
  if (!query.status) return roots;
  const kept = query.id ? roots : roots.filter((c) => matches(c.status, query.status));
  for (const root of kept) {
    if (root.components)
      root.components = root.components.filter((c) => matches(c.status, query.status));
  }
  return kept;
}

/** Sorts by status (unhealthy first), name, type, updated_at or a property (`field:cpu`). */
export function sortComponents(
  list: TopologyComponent[],
  sortBy: string,
  order: 'asc' | 'desc',
): void {
  const key = (component: TopologyComponent): string | number => {
    if (sortBy === 'status') return -(componentStatusRank[component.status] ?? 9);
    if (sortBy === 'name') return component.name.toLowerCase();
    if (sortBy === 'type') return component.type ?? '';
    if (sortBy === 'updated_at') return component.updated_at;
    const property = component.properties.find((p) => p.name === sortBy.slice('field:'.length));
    return property?.value ?? property?.text ?? '';
  };
  const sign = order === 'asc' ? 1 : -1;
  list.sort((a, b) => {
    const [x, y] = [key(a), key(b)];
    if (x === y) return a.name.localeCompare(b.name);
    return x < y ? -sign : sign;
  });
}

import { componentStatusRank, type TopologyQuery } from '@vigil/domain';
import type { ComponentEntryRow, SeverityCount } from './topology-query.repository.ts';

type Counts = Record<string, Record<string, number>>;

/** A component of the answer: its row, and its children once nested. */
export interface TreeNode {
  readonly row: ComponentEntryRow;
  components?: TreeNode[];
}

/** Severity counts per component as JSON text; 'low' is merged into 'medium' (spec 001 §2). */
export function countsByComponent(rows: readonly SeverityCount[]): Map<string, string> {
  const out = new Map<string, Counts>();
  for (const row of rows) {
    const counts = out.get(row.component_id) ?? {};
    const severity = row.severity === 'low' ? 'medium' : row.severity;
    const byType = (counts[row.type] ??= {});
    byType[severity] = (byType[severity] ?? 0) + row.n;
    out.set(row.component_id, counts);
  }
  return new Map([...out].map(([id, counts]) => [id, JSON.stringify(counts)]));
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

/** Nests components under their parents in one pass; the roots are the asked component or the top level. */
export function nest(nodes: TreeNode[], rootId: string | undefined): TreeNode[] {
  const byId = new Map(nodes.map((node) => [node.row.id, node]));
  const roots: TreeNode[] = [];
  for (const node of nodes) {
    const parent = node.row.parent_id ? byId.get(node.row.parent_id) : undefined;
    const isRoot = rootId ? node.row.id === rootId : !parent;
    if (isRoot) roots.push(node);
    else if (parent) (parent.components ??= []).push(node);
  }
  return roots;
}

/** Keeps the children whose status passes (the roots too, unless one component was asked). */
export function filterStatus(roots: TreeNode[], query: TopologyQuery): TreeNode[] {
  if (!query.status) return roots;
  const kept = query.id ? roots : roots.filter((c) => matches(c.row.status, query.status));
  for (const root of kept) {
    if (root.components)
      root.components = root.components.filter((c) => matches(c.row.status, query.status));
  }
  return kept;
}

/** Sorts by status (unhealthy first), name, type, updated_at or a property (`field:cpu`). */
export function sortComponents(list: TreeNode[], sortBy: string, order: 'asc' | 'desc'): void {
  const key = ({ row }: TreeNode): string | number => {
    if (sortBy === 'status') return -(componentStatusRank[row.status] ?? 9);
    if (sortBy === 'name') return row.name.toLowerCase();
    if (sortBy === 'type') return row.type ?? '';
    if (sortBy === 'updated_at') return row.updated_at;
    return row.sort_value ?? '';
  };
  const sign = order === 'asc' ? 1 : -1;
  list.sort((a, b) => {
    const [x, y] = [key(a), key(b)];
    if (x === y) return a.row.name.localeCompare(b.row.name);
    return x < y ? -sign : sign;
  });
}

/** Every component of the tree, parents before their children. */
export function flat(list: readonly TreeNode[], into: TreeNode[] = []): TreeNode[] {
  for (const node of list) {
    into.push(node);
    if (node.components) flat(node.components, into);
  }
  return into;
}

/**
 * The components as JSON text: each row's body (built by PostgreSQL) with its summary and
 * children appended, so that no component is parsed or serialised again here. Below `levels`
 * levels the children are left out (a dashboard shows two or three).
 */
export function renderComponents(
  list: readonly TreeNode[],
  incidents: ReadonlyMap<string, string>,
  insights: ReadonlyMap<string, string>,
  out: string[] = [],
  levels = Number.POSITIVE_INFINITY,
): string[] {
  out.push('[');
  list.forEach(({ row, components }, index) => {
    out.push(
      index === 0 ? '' : ',',
      row.body,
      ',"teams":',
      JSON.stringify(row.teams),
      ',"summary":{"checks":',
      row.checks,
      ',"incidents":',
      incidents.get(row.id) ?? '{}',
      ',"insights":',
      insights.get(row.id) ?? '{}',
      '}',
    );
    if (components && levels > 1) {
      out.push(',"components":');
      renderComponents(components, incidents, insights, out, levels - 1);
    }
    out.push('}');
  });
  out.push(']');
  return out;
}

import type { TopologyQuery } from '@vigil/domain';
import type { Database } from '../../../platform/db.ts';
import { parseSelectorPairs } from '../spec/selectors.ts';
import {
  countsByComponent,
  filterStatus,
  flat,
  matches,
  nest,
  renderComponents,
  sortComponents,
  type TreeNode,
} from './topology-tree.ts';
import {
  findComponentEntries,
  incidentCounts,
  insightCounts,
} from './topology-query.repository.ts';

/**
 * GET /api/topology as JSON text: the components in scope as a tree (or flat when a type is
 * chosen and `flatten` is set), with the filter lists duty answers: teams, types,
 * healthStatuses, tags (over every level, whatever `depth` leaves out). Statuses are read as
 * the roll-up keeps them, never recomputed here.
 */
export async function queryTopology(db: Database, query: TopologyQuery): Promise<string> {
  const sortBy = query.sortBy ?? 'status';
  const rows = await findComponentEntries(db.pool, {
    id: query.id,
    agentId: query.agent_id,
    labels: query.labels ? parseSelectorPairs(query.labels) : undefined,
    showHidden: query.hidden === 'true',
    sortProperty: sortBy.startsWith('field:') ? sortBy.slice('field:'.length) : undefined,
  });
  const ids = rows.map((row) => row.id);
  const [incidents, insights] = await Promise.all([
    incidentCounts(db.pool, ids).then(countsByComponent),
    insightCounts(db.pool, ids).then(countsByComponent),
  ]);
  let components: TreeNode[] = [];
  for (const row of rows) {
    if (!matches(row.type, query.type)) continue;
    if (query.team && !row.teams.some((t) => matches(t, query.team))) continue;
    components.push({ row });
  }
  components =
    query.type && query.flatten === 'true'
      ? components.filter((c) => matches(c.row.status, query.status))
      : filterStatus(nest(components, query.id), query);
  const level =
    components.length === 1 && components[0]?.components ? components[0].components : components;
  sortComponents(level, sortBy, query.sortOrder);
  const out = ['{"components":'];
  renderComponents(components, incidents, insights, out, query.depth);
  out.push(',', metadata(rows.length > 0 ? flat(components) : []).slice(1));
  return out.join('');
}

/** The filter lists as JSON text: `{"teams":…,"types":…,"healthStatuses":…,"tags":…}`. */
function metadata(all: readonly TreeNode[]): string {
  const teams = new Set<string>();
  const types = new Set<string>();
  const statuses = new Set<string>();
  const tags = new Map<string, Set<string>>();
  for (const { row } of all) {
    for (const team of row.teams) teams.add(team);
    if (row.type) types.add(row.type);
    statuses.add(row.status);
    for (const [key, value] of Object.entries(row.labels)) {
      const values = tags.get(key) ?? new Set<string>();
      values.add(String(value));
      tags.set(key, values);
    }
  }
  const sorted = (values: Set<string>) => [...values].filter(Boolean).sort();
  return JSON.stringify({
    teams: sorted(teams),
    types: sorted(types),
    healthStatuses: sorted(statuses),
    tags: Object.fromEntries([...tags].map(([key, values]) => [key, [...values].sort()])),
  });
}

import type { TopologyComponent, TopologyQuery, TopologyResponse } from '@vigil/domain';
import type { Database } from '../../../platform/db.ts';
import { parseSelectorPairs } from '../spec/selectors.ts';
import {
  countsByComponent,
  filterStatus,
  matches,
  nest,
  sortComponents,
  toComponent,
} from './topology-tree.ts';
import { findComponents, incidentCounts, insightCounts } from './topology-query.repository.ts';

/**
 * GET /api/topology: the components in scope as a tree (or flat when a type is chosen and
 * `flatten` is set), with the filter lists duty answers: teams, types, healthStatuses, tags.
 * Statuses are read as the roll-up keeps them, never recomputed here.
 */
export async function queryTopology(db: Database, query: TopologyQuery): Promise<TopologyResponse> {
  const rows = await findComponents(db.pool, {
    id: query.id,
    agentId: query.agent_id,
    labels: query.labels ? parseSelectorPairs(query.labels) : undefined,
    showHidden: query.hidden === 'true',
  });
  const ids = rows.map((row) => row.id);
  const [incidents, insights] = await Promise.all([
    incidentCounts(db.pool, ids).then(countsByComponent),
    insightCounts(db.pool, ids).then(countsByComponent),
  ]);
  let components = rows
    .map((row) => toComponent(row, incidents, insights))
    .filter((component) => matches(component.type, query.type))
    .filter((component) => !query.team || component.teams.some((t) => matches(t, query.team)));
  const typed = Boolean(query.type);
  components =
    typed && query.flatten === 'true'
      ? components.filter((c) => matches(c.status, query.status))
      : filterStatus(nest(components, query.id), query);
  const level =
    components.length === 1 && components[0]?.components ? components[0].components : components;
  sortComponents(level, query.sortBy ?? 'status', query.sortOrder);
  return { components, ...metadata(rows.length > 0 ? flat(components) : []) };
}

function flat(list: TopologyComponent[]): TopologyComponent[] {
  return list.flatMap((c) => [c, ...flat(c.components ?? [])]);
}

function metadata(all: TopologyComponent[]) {
  const sorted = (values: Iterable<string>) => [...new Set(values)].filter(Boolean).sort();
  const tags: Record<string, Set<string>> = {};
  for (const component of all) {
    for (const [key, value] of Object.entries(component.labels))
      (tags[key] ??= new Set()).add(value);
  }
  return {
    teams: sorted(all.flatMap((c) => c.teams)),
    types: sorted(all.map((c) => c.type ?? '')),
    healthStatuses: sorted(all.map((c) => c.status)),
    tags: Object.fromEntries(Object.entries(tags).map(([k, v]) => [k, [...v].sort()])),
  };
}

/**
 * The relationships graph model (spec 001 §2 Relationships): configs as nodes, links as edges,
 * and an intermediary node wherever a config links to 3 or more configs of one type. A group
 * of more than 3 starts collapsed; one of 3 starts open. Duplicates merge; cycles are fine.
 */
export interface GraphConfig {
  id: string;
  name: string | null;
  type: string;
  health?: string | null;
  status?: string | null;
  deleted_at?: string | null;
}

export interface GraphLink {
  config_id: string;
  related_id: string;
  relation?: string | null;
  selector_id?: string;
}

export const groupAt = 3;
export const collapseAbove = 3;

export type GraphNode =
  | { kind: 'config'; id: string; config: GraphConfig; root: boolean }
  | { kind: 'group'; id: string; parentId: string; type: string; count: number; expanded: boolean };

export interface GraphEdge {
  id: string;
  source: string;
  target: string;
  manual: boolean;
}

export interface RelationshipGraph {
  nodes: GraphNode[];
  edges: GraphEdge[];
}

export interface GraphInput {
  rootId: string;
  configs: readonly GraphConfig[];
  links: readonly GraphLink[];
  /** Group ids the user opened (or closed, for groups that start open). */
  toggled: ReadonlySet<string>;
}

export const groupId = (parentId: string, type: string) => `group:${parentId}:${type}`;

function uniqueConfigs(configs: readonly GraphConfig[]): Map<string, GraphConfig> {
  const byId = new Map<string, GraphConfig>();
  for (const config of configs) if (!byId.has(config.id)) byId.set(config.id, config);
  return byId;
}

/** One link per pair and direction; a manual one wins so that it can still be unlinked. */
function uniqueLinks(links: readonly GraphLink[], known: Map<string, GraphConfig>): GraphLink[] {
  const byPair = new Map<string, GraphLink>();
  for (const link of links) {
    if (link.config_id === link.related_id) continue;
    if (!known.has(link.config_id) || !known.has(link.related_id)) continue;
    const key = `${link.config_id}>${link.related_id}`;
    const seen = byPair.get(key);
    if (seen === undefined || link.selector_id === 'manual') byPair.set(key, link);
  }
  return [...byPair.values()];
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

export function buildRelationshipGraph({
  rootId,
  configs,
  links,
  toggled,
}: GraphInput): RelationshipGraph {
  const byId = uniqueConfigs(configs);
  const unique = uniqueLinks(links, byId);
  const nodes: GraphNode[] = [...byId.values()].map((config) => ({
    kind: 'config',
    id: config.id,
    config,
    root: config.id === rootId,
  }));
  const edges: GraphEdge[] = [];
  const hiddenVia = new Map<string, { hidden: number; total: number }>();
  const count = (target: string, hidden: boolean) => {
    const entry = hiddenVia.get(target) ?? { hidden: 0, total: 0 };
    entry.total += 1;
    if (hidden) entry.hidden += 1;
    hiddenVia.set(target, entry);
  };

  const bySource = groupBy(unique, (link) => link.config_id);
  for (const [source, outgoing] of bySource) {
    const byType = groupBy(outgoing, (link) => byId.get(link.related_id)?.type ?? '');
    for (const [type, group] of byType) {
      const manual = (link: GraphLink) => link.selector_id === 'manual';
      if (group.length < groupAt) {
        for (const link of group) {
          edges.push({
            id: `${source}>${link.related_id}`,
            source,
            target: link.related_id,
            manual: manual(link),
          });
          count(link.related_id, false);
        }
        continue;
      }
      const id = groupId(source, type);
      const startsOpen = group.length <= collapseAbove;
      const expanded = toggled.has(id) ? !startsOpen : startsOpen;
      nodes.push({ kind: 'group', id, parentId: source, type, count: group.length, expanded });
      edges.push({ id: `${source}>${id}`, source, target: id, manual: false });
      for (const link of group) {
        if (expanded) {
          edges.push({
            id: `${id}>${link.related_id}`,
            source: id,
            target: link.related_id,
            manual: manual(link),
          });
        }
        count(link.related_id, !expanded);
      }
    }
  }

  // A config is hidden only when every link into it runs through a closed group.
  const hidden = new Set(
    [...hiddenVia]
      .filter(([id, via]) => id !== rootId && via.hidden === via.total)
      .map(([id]) => id),
  );
  return {
    nodes: nodes.filter((node) => !hidden.has(node.id)),
    edges: edges.filter((edge) => !hidden.has(edge.source) && !hidden.has(edge.target)),
  };
}

import { Graph, layout } from '@dagrejs/dagre';
import { z } from 'zod';
import type { GraphEdge, GraphNode } from './relationship-graph.ts';

/** Spec 001 §2: rank spacing 120, node spacing 100. */
export const rankSpacing = 120;
export const nodeSpacing = 100;
export const nodeWidth = 220;
export const nodeHeight = 56;

/** dagre's node labels are untyped: read back only the centre it placed. */
const placedSchema = z.object({ x: z.number(), y: z.number() });

export type LayoutDirection = 'TB' | 'LR';

/** Top-left positions from dagre's centres, for React Flow. */
export function layoutGraph(
  nodes: readonly GraphNode[],
  edges: readonly GraphEdge[],
  direction: LayoutDirection,
): Map<string, { x: number; y: number }> {
  const graph = new Graph();
  graph.setGraph({ rankdir: direction, ranksep: rankSpacing, nodesep: nodeSpacing });
  graph.setDefaultEdgeLabel(() => ({}));
  for (const node of nodes) graph.setNode(node.id, { width: nodeWidth, height: nodeHeight });
  for (const edge of edges) graph.setEdge(edge.source, edge.target);
  layout(graph);
  const positions = new Map<string, { x: number; y: number }>();
  for (const node of nodes) {
    const placed = placedSchema.parse(graph.node(node.id));
    positions.set(node.id, { x: placed.x - nodeWidth / 2, y: placed.y - nodeHeight / 2 });
  }
  return positions;
}

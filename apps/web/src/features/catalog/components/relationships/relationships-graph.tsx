import {
  Background,
  Controls,
  MarkerType,
  ReactFlow,
  useReactFlow,
  type Edge,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { useEffect, useMemo, useState } from 'react';
import { useResolvedTheme } from '@/ui/theme.ts';
import type { ConfigRelationship, RelatedConfig } from '@/features/catalog/api/catalog-schemas.ts';
import { layoutGraph, type LayoutDirection } from '@/features/catalog/model/graph-layout.ts';
import { buildRelationshipGraph } from '@/features/catalog/model/relationship-graph.ts';
import { nodeTypes, type ConfigFlowNode, type GroupFlowNode } from './graph-nodes.tsx';

export type EdgeStyle = 'smoothstep' | 'bezier' | 'straight';

export interface RelationshipsGraphProps {
  root: RelatedConfig;
  related: readonly RelatedConfig[];
  links: readonly ConfigRelationship[];
  direction: LayoutDirection;
  edgeStyle: EdgeStyle;
}

const fitOptions = { padding: 0.15, maxZoom: 1 };

/** Fits the view again whenever the laid-out graph changes (a group opened or closed). */
function FitOnChange({ layoutKey }: { layoutKey: string }) {
  const { fitView } = useReactFlow();
  useEffect(() => {
    const frame = requestAnimationFrame(() => void fitView({ ...fitOptions, duration: 200 }));
    return () => cancelAnimationFrame(frame);
  }, [layoutKey, fitView]);
  return null;
}

/** React Flow laid out by dagre; groups of one type open and close on click. */
export function RelationshipsGraph({
  root,
  related,
  links,
  direction,
  edgeStyle,
}: RelationshipsGraphProps) {
  const [toggled, setToggled] = useState<ReadonlySet<string>>(new Set());
  const theme = useResolvedTheme();
  const vertical = direction === 'TB';
  const { nodes, edges } = useMemo(() => {
    const graph = buildRelationshipGraph({
      rootId: root.id,
      configs: [root, ...related],
      links,
      toggled,
    });
    const positions = layoutGraph(graph.nodes, graph.edges, direction);
    const toggle = (id: string) =>
      setToggled((previous) => {
        const next = new Set(previous);
        if (!next.delete(id)) next.add(id);
        return next;
      });
    const flowNodes = graph.nodes.map((node): ConfigFlowNode | GroupFlowNode => {
      const position = positions.get(node.id) ?? { x: 0, y: 0 };
      return node.kind === 'config'
        ? {
            id: node.id,
            type: 'config',
            position,
            data: { config: node.config, root: node.root, vertical },
          }
        : {
            id: node.id,
            type: 'configGroup',
            position,
            data: {
              type: node.type,
              count: node.count,
              expanded: node.expanded,
              vertical,
              onToggle: () => toggle(node.id),
            },
          };
    });
    const flowEdges = graph.edges.map((edge): Edge => ({
      id: edge.id,
      source: edge.source,
      target: edge.target,
      type: edgeStyle === 'bezier' ? 'default' : edgeStyle,
      markerEnd: { type: MarkerType.ArrowClosed },
      style: edge.manual ? { strokeDasharray: '4 3' } : undefined,
    }));
    return { nodes: flowNodes, edges: flowEdges };
  }, [root, related, links, toggled, direction, edgeStyle, vertical]);
  return (
    <div
      className="h-[calc(100vh-16rem)] min-h-96 rounded-lg border border-border bg-surface"
      data-testid="relationships-graph"
    >
      <ReactFlow
        nodes={nodes}
        edges={edges}
        nodeTypes={nodeTypes}
        colorMode={theme}
        fitView
        fitViewOptions={fitOptions}
        minZoom={0.05}
        onlyRenderVisibleElements
        nodesConnectable={false}
      >
        <FitOnChange layoutKey={`${direction}:${nodes.length}`} />
        <Background />
        <Controls showInteractive={false} />
      </ReactFlow>
    </div>
  );
}

import { Handle, Position, type Node, type NodeProps } from '@xyflow/react';
import { Link } from 'react-router';
import { cx, focusRing } from '@/ui/class-names.ts';
import type { GraphConfig } from '@/features/catalog/model/relationship-graph.ts';
import { HealthDot } from '../health-dot.tsx';

export type ConfigNodeData = { config: GraphConfig; root: boolean; vertical: boolean };
export type GroupNodeData = {
  type: string;
  count: number;
  expanded: boolean;
  vertical: boolean;
  onToggle: () => void;
};
export type ConfigFlowNode = Node<ConfigNodeData, 'config'>;
export type GroupFlowNode = Node<GroupNodeData, 'configGroup'>;

function Handles({ vertical }: { vertical: boolean }) {
  return (
    <>
      <Handle
        type="target"
        position={vertical ? Position.Top : Position.Left}
        className="!bg-border"
      />
      <Handle
        type="source"
        position={vertical ? Position.Bottom : Position.Right}
        className="!bg-border"
      />
    </>
  );
}

export function ConfigNode({ data }: NodeProps<ConfigFlowNode>) {
  const { config, root, vertical } = data;
  return (
    <div
      className={cx(
        'flex h-14 w-[220px] flex-col justify-center rounded-md border bg-surface px-3 text-xs shadow-sm',
        root ? 'border-accent ring-2 ring-accent/40' : 'border-border',
        config.deleted_at ? 'opacity-60' : '',
      )}
    >
      <Handles vertical={vertical} />
      <span className="flex min-w-0 items-center gap-1.5">
        <HealthDot health={config.health} />
        <Link
          to={`/catalog/${config.id}/relationships`}
          className={cx('truncate rounded font-medium text-fg hover:underline', focusRing)}
        >
          {config.name ?? config.id}
        </Link>
      </span>
      <span className="truncate text-fg-muted">{config.type}</span>
    </div>
  );
}

export function GroupNode({ data }: NodeProps<GroupFlowNode>) {
  return (
    <div className="h-14 w-[220px]">
      <Handles vertical={data.vertical} />
      <button
        type="button"
        aria-expanded={data.expanded}
        onClick={data.onToggle}
        className={cx(
          'flex h-full w-full flex-col items-start justify-center rounded-md border border-dashed border-border bg-surface-muted px-3 text-left text-xs',
          focusRing,
        )}
      >
        <span className="font-medium text-fg">
          {data.count} × {data.type}
        </span>
        <span className="whitespace-nowrap text-fg-muted">
          {data.expanded ? 'Click to collapse' : 'Click to expand'}
        </span>
      </button>
    </div>
  );
}

// Not 'group': React Flow styles its built-in group type with a frame of its own.
export const nodeTypes = { config: ConfigNode, configGroup: GroupNode };

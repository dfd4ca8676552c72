import type { InputNode, UiNode } from '../api/flow-schema.ts';
import { AnchorNodeView } from './anchor-node.tsx';
import { ImgNodeView } from './img-node.tsx';
import { InputNodeView } from './input-node.tsx';
import { ScriptNodeView } from './script-node.tsx';
import { TextNodeView } from './text-node.tsx';

export interface NodeViewProps {
  node: UiNode;
  value?: string | boolean;
  pending?: boolean;
  busy?: boolean;
  onChange: (name: string, value: string | boolean) => void;
  onButtonClick?: (node: InputNode) => void;
}

/** One renderer per node type. */
export function NodeView({ node, ...input }: NodeViewProps) {
  switch (node.type) {
    case 'input':
      return <InputNodeView node={node} {...input} />;
    case 'text':
      return <TextNodeView node={node} />;
    case 'img':
      return <ImgNodeView node={node} />;
    case 'script':
      return <ScriptNodeView node={node} />;
    case 'a':
    case 'anchor':
      return <AnchorNodeView node={node} />;
  }
}

import type { ImgNode } from '../api/flow-schema.ts';
import { nodeLabel } from './node-values.ts';
import { NodeMessages } from './ui-messages.tsx';

/** Images such as the TOTP QR code, whose `src` is a data: URL. */
export function ImgNodeView({ node }: { node: ImgNode }) {
  const { id, src, width, height } = node.attributes;
  const label = nodeLabel(node);
  return (
    <figure className="space-y-1.5">
      {label !== undefined && (
        <figcaption className="text-sm font-medium text-fg">{label}</figcaption>
      )}
      <img
        id={id}
        src={src}
        width={width}
        height={height}
        alt={label ?? 'QR code'}
        // White in both themes: a QR code scans only dark on light.
        className="rounded-md border border-border bg-white p-2"
      />
      <NodeMessages messages={node.messages} />
    </figure>
  );
}

import { cx, focusRing } from '@/ui/class-names.ts';
import type { AnchorNode } from '../api/flow-schema.ts';

export function AnchorNodeView({ node }: { node: AnchorNode }) {
  const { id, href, title } = node.attributes;
  return (
    <a
      id={id}
      href={href}
      className={cx(
        'inline-flex h-9 w-full items-center justify-center rounded-md border border-border bg-surface px-3 text-sm font-medium text-fg hover:bg-surface-muted',
        focusRing,
      )}
    >
      {title.text}
    </a>
  );
}

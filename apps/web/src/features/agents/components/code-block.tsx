import { cx } from '@/ui/class-names.ts';
import { CopyButton } from '@/ui/copy-button.tsx';

/** Preformatted text with a copy button; the label names both for screen readers. */
export function CodeBlock({
  label,
  code,
  wrap = false,
}: {
  label: string;
  code: string;
  /** Wrap long one-line commands instead of scrolling them under the copy button. */
  wrap?: boolean;
}) {
  return (
    <div className="relative">
      <pre
        aria-label={label}
        tabIndex={0}
        className={cx(
          'max-h-80 overflow-auto rounded-md border border-border bg-surface-muted p-3 pr-10 font-mono text-xs',
          wrap ? 'break-all whitespace-pre-wrap' : 'whitespace-pre',
        )}
      >
        {code}
      </pre>
      <div className="absolute top-1.5 right-1.5">
        <CopyButton label={`Copy ${label}`} text={code} />
      </div>
    </div>
  );
}

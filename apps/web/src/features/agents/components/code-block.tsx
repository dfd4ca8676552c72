import { CopyButton } from '../../../ui/copy-button.tsx';

/** Preformatted text with a copy button; the label names both for screen readers. */
export function CodeBlock({ label, code }: { label: string; code: string }) {
  return (
    <div className="relative">
      <pre
        aria-label={label}
        tabIndex={0}
        className="max-h-80 overflow-auto rounded-md border border-border bg-surface-muted p-3 pr-10 font-mono text-xs whitespace-pre"
      >
        {code}
      </pre>
      <div className="absolute top-1.5 right-1.5">
        <CopyButton label={`Copy ${label}`} text={code} />
      </div>
    </div>
  );
}

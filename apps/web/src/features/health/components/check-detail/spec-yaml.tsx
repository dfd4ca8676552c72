import { useMemo } from 'react';
import { stringify } from 'yaml';
import { CopyButton } from '@/ui/copy-button.tsx';

/** A definition as read-only YAML, with a copy button. */
export function SpecYaml({ spec }: { spec: Readonly<Record<string, unknown>> }) {
  const yaml = useMemo(() => stringify(spec, { lineWidth: 0 }), [spec]);
  return (
    <div className="relative">
      <div className="absolute top-1 right-1">
        <CopyButton label="Copy spec" text={yaml} />
      </div>
      <pre
        aria-label="Check spec"
        className="max-h-96 overflow-auto rounded-md border border-border bg-surface-muted p-3 font-mono text-xs"
      >
        {yaml}
      </pre>
    </div>
  );
}

import { lazy, Suspense } from 'react';
import { Skeleton } from '@/ui/skeleton.tsx';
import type { ParameterFieldProps } from './parameter-field-props.ts';

// Its own chunk: CodeMirror loads only when a playbook has a code parameter.
const CodeEditor = lazy(async () => ({ default: (await import('./code-editor.tsx')).CodeEditor }));

/** Code (properties size, language, jsonSchemaUrl) in CodeMirror, as the settings editors use. */
export function CodeParameter(props: ParameterFieldProps) {
  return (
    <Suspense
      fallback={
        <div role="status" aria-busy="true" aria-label="Loading the editor">
          <Skeleton className="h-24 w-full" />
        </div>
      }
    >
      <CodeEditor {...props} />
    </Suspense>
  );
}

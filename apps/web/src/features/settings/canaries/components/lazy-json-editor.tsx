import { lazy, Suspense } from 'react';
import { Skeleton } from '@/ui/skeleton.tsx';
import type { JsonEditorProps } from './json-editor.tsx';

// CodeMirror comes in its own chunk, shared with the YAML editor beside it.
const JsonEditor = lazy(async () => {
  const module = await import('./json-editor.tsx');
  return { default: module.JsonEditor };
});

export function LazyJsonEditor(props: JsonEditorProps) {
  return (
    <Suspense
      fallback={
        <div role="status" aria-busy="true" aria-label="Loading the editor">
          <Skeleton className="h-16 w-full" />
        </div>
      }
    >
      <JsonEditor {...props} />
    </Suspense>
  );
}

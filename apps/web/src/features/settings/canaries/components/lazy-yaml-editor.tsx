import { lazy, Suspense } from 'react';
import { Skeleton } from '@/ui/skeleton.tsx';
import type { YamlEditorProps } from './yaml-editor.tsx';

// Its own chunk: CodeMirror, the schema tooling and shiki stay out of the list page.
const YamlEditor = lazy(async () => {
  const module = await import('./yaml-editor.tsx');
  return { default: module.YamlEditor };
});

export function LazyYamlEditor(props: YamlEditorProps) {
  return (
    <Suspense
      fallback={
        <div role="status" aria-busy="true" aria-label="Loading the editor">
          <Skeleton className="h-80 w-full" />
        </div>
      }
    >
      <YamlEditor {...props} />
    </Suspense>
  );
}

import { lazy, Suspense } from 'react';
import { EmptyState } from '@/ui/empty-state.tsx';
import { Skeleton } from '@/ui/skeleton.tsx';
import { useCheckDefinition } from '@/features/health/api/check-definition-query.ts';

// The yaml package loads with the tab, not with the /health page.
const SpecYaml = lazy(async () => {
  const module = await import('./spec-yaml.tsx');
  return { default: module.SpecYaml };
});

function SpecSkeleton() {
  return (
    <div role="status" aria-busy="true" aria-label="Loading the spec">
      <Skeleton className="h-40 w-full" />
    </div>
  );
}

/** The check's definition as read-only YAML. */
export function CheckSpecTab({ checkId }: { checkId: string }) {
  const definition = useCheckDefinition(checkId);
  if (definition.isPending) return <SpecSkeleton />;
  const spec = definition.data;
  if (!spec || Object.keys(spec).length === 0) return <EmptyState />;
  return (
    <Suspense fallback={<SpecSkeleton />}>
      <SpecYaml spec={spec} />
    </Suspense>
  );
}

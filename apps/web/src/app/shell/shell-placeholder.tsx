import { useAbout } from '@/lib/session/session-queries.ts';
import { Skeleton } from '@/ui/skeleton.tsx';

/** Shown while the first route's code and the session load, in the shape of the shell. */
export function ShellPlaceholder() {
  const hosted = useAbout().data?.auth === 'oidc-org';
  return (
    <div role="status" aria-busy="true" aria-label="Loading Vigil" className="flex h-full">
      <div className="w-60 shrink-0 space-y-3 border-r border-border bg-surface p-3">
        <Skeleton className="h-6 w-24" />
        {Array.from({ length: 7 }, (_, index) => (
          <Skeleton key={index} className="h-5 w-full" />
        ))}
      </div>
      <div className="flex flex-1 flex-col">
        <div className="flex h-12 items-center justify-between border-b border-border bg-surface px-4">
          <Skeleton className="h-5 w-40" />
          <div className="flex items-center gap-2">
            {/* Hosted mode: the organisation switcher's place beside the user button. */}
            {hosted && <Skeleton className="h-7 w-36" />}
            <Skeleton className="size-7 rounded-full" />
          </div>
        </div>
      </div>
    </div>
  );
}

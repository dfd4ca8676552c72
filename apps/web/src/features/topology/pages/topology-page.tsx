import { usePageTitle } from '../../../lib/page-title.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';

/** Home of the full edition until the topology view is built. */
export function TopologyPage() {
  usePageTitle('Topology');
  return (
    <section aria-labelledby="topology-heading" className="space-y-4">
      <h1 id="topology-heading" className="text-lg font-semibold">
        Topology
      </h1>
      <div className="rounded-lg border border-border bg-surface">
        <EmptyState description="The topology view is not available in this version yet." />
      </div>
    </section>
  );
}

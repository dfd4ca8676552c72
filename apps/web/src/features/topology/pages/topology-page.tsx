import { usePageTitle } from '@/lib/page-title.ts';
import { PlaceholderPage } from '@/ui/placeholder-page.tsx';

/** Home of the full edition until the topology view is built. */
export function TopologyPage() {
  usePageTitle('Topology');
  return (
    <PlaceholderPage
      headingId="topology-heading"
      title="Topology"
      description="The topology view is not available in this version yet."
    />
  );
}

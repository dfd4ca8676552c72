import { useNavigate, useParams } from 'react-router';
import { usePageTitle } from '@/lib/page-title.ts';
import { EmptyState } from '@/ui/empty-state.tsx';
import { ErrorState } from '@/ui/error-state.tsx';
import { Skeleton } from '@/ui/skeleton.tsx';
import { TabList, TabPanel } from '@/ui/tabs.tsx';
import { ApiError } from '@/lib/api-error.ts';
import { LinkToIncidentButton } from '@/features/incidents/index.ts';
import { useConfigDetailQuery } from '../api/config-detail-query.ts';
import { useRelationshipCountQuery } from '../api/relationship-count-query.ts';
import { ConfigContent } from '../components/config-content.tsx';
import { ConfigSidebar } from '../components/config-sidebar.tsx';
import { CountBadge } from '../components/count-badge.tsx';
import { HealthDot } from '../components/health-dot.tsx';
import { ConfigChangesPanel } from '../components/changes/config-changes-panel.tsx';
import { InsightsPanel } from '../components/insights/insights-panel.tsx';
import { RelationshipsPanel } from '../components/relationships/relationships-panel.tsx';
import { ConfigChecks } from '@/features/health/index.ts';
import { ConfigPlaybookRuns, PlaybooksMenu } from '@/features/playbooks/index.ts';

const detailTabs = [
  'config',
  'changes',
  'insights',
  'relationships',
  'playbooks',
  'checks',
] as const;
type DetailTab = (typeof detailTabs)[number];
const tabLabels: Record<DetailTab, string> = {
  config: 'Config',
  changes: 'Changes',
  insights: 'Insights',
  relationships: 'Relationships',
  playbooks: 'Playbooks',
  checks: 'Checks',
};

function isDetailTab(value: string | undefined): value is DetailTab {
  return detailTabs.some((tab) => tab === value);
}

/** /catalog/{id} and its tab routes: content, sidebar and the config's related views. */
export function ConfigDetailPage() {
  const { id = '', tab: asked } = useParams();
  const tab: DetailTab = isDetailTab(asked) ? asked : 'config';
  const navigate = useNavigate();
  const detail = useConfigDetailQuery(id);
  const relationships = useRelationshipCountQuery(id);
  usePageTitle(detail.data?.name ?? 'Config');

  if (detail.isPending) {
    return (
      <div role="status" aria-busy="true" aria-label="Loading config" className="space-y-3">
        <h1 className="sr-only">Config</h1>
        <Skeleton className="h-7 w-72" />
        <Skeleton className="h-96 w-full" />
      </div>
    );
  }
  const notFound = (
    <section aria-labelledby="config-heading">
      <h1 id="config-heading" className="sr-only">
        Config
      </h1>
      <EmptyState title="Details not found" />
    </section>
  );
  if (detail.isError) {
    // A malformed id is refused by the data API: for the user it is the same missing config.
    if (detail.error instanceof ApiError && detail.error.status < 500) return notFound;
    return <ErrorState message={detail.error.message} onRetry={() => void detail.refetch()} />;
  }
  const config = detail.data;
  if (config === null) return notFound;
  const insightCount = Object.values(config.analysis ?? {}).reduce((sum, n) => sum + n, 0);
  const counts: Partial<Record<DetailTab, number | undefined>> = {
    changes: config.changes ?? 0,
    insights: insightCount,
    relationships: relationships.data,
  };
  const items = detailTabs.map((key) => {
    const count = counts[key];
    return {
      key,
      label: (
        <span className="inline-flex items-center gap-1.5">
          {tabLabels[key]}
          {count !== undefined && <CountBadge count={count} />}
        </span>
      ),
    };
  });
  const idPrefix = 'config-detail';
  return (
    <section aria-labelledby="config-heading" className="space-y-3">
      <div className="flex flex-wrap items-center gap-2">
        <HealthDot health={config.health} />
        <h1 id="config-heading" className="text-lg font-semibold break-all">
          {config.name ?? config.id}
        </h1>
        <span className="rounded border border-border px-1.5 text-xs text-fg-muted">
          {config.type}
        </span>
        {config.deleted_at && (
          <span className="rounded border border-border px-1.5 text-xs text-fg-muted">deleted</span>
        )}
        {!config.deleted_at && (
          <div className="ml-auto flex items-center gap-2">
            <LinkToIncidentButton
              size="sm"
              target={{ kind: 'config', id: config.id, name: config.name ?? config.id }}
            />
            <PlaybooksMenu target={{ kind: 'config', id: config.id }} />
          </div>
        )}
      </div>
      <TabList
        label="Config views"
        idPrefix={idPrefix}
        items={items}
        selected={tab}
        className="overflow-x-auto"
        onSelect={(key) =>
          void navigate(key === 'config' ? `/catalog/${id}` : `/catalog/${id}/${key}`)
        }
      />
      <TabPanel idPrefix={idPrefix} tabKey={tab} selected>
        {tab === 'config' && (
          <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_20rem]">
            <ConfigContent content={config.config} />
            <ConfigSidebar config={config} />
          </div>
        )}
        {tab === 'changes' && <ConfigChangesPanel configId={id} />}
        {tab === 'insights' && <InsightsPanel configId={id} />}
        {tab === 'relationships' && <RelationshipsPanel config={config} />}
        {tab === 'playbooks' && <ConfigPlaybookRuns configId={id} />}
        {tab === 'checks' && <ConfigChecks configId={id} />}
      </TabPanel>
    </section>
  );
}

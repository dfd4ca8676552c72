import { Boxes } from 'lucide-react';
import { useParams, useSearchParams } from 'react-router';
import { usePageTitle } from '@/lib/page-title.ts';
import { usePermission } from '@/lib/session/use-permission.ts';
import { Button } from '@/ui/button.tsx';
import { EmptyState } from '@/ui/empty-state.tsx';
import { ErrorState } from '@/ui/error-state.tsx';
import { TableSkeleton } from '@/ui/table.tsx';
import { TabList, TabPanel, useUrlTab } from '@/ui/tabs.tsx';
import { useCommentsQuery, useIncidentQuery } from '../api/incident-query.ts';
import type { IncidentDetail } from '../api/incident-schemas.ts';
import { useUpdateIncident } from '../api/update-incident.ts';
import { CommentsPanel } from '../components/comments-panel.tsx';
import { HypothesisNodeView } from '../components/hypothesis-node.tsx';
import { IncidentSidePanel } from '../components/incident-side-panel.tsx';
import { IncidentSeverityBadge, IncidentStatusBadge } from '../components/incident-badges.tsx';
import { IncidentTitle } from '../components/incident-title.tsx';
import { useStatusWorkflow } from '../components/status-workflow.tsx';
import { buildHypothesisTree, evidenceComponents } from '../model/hypothesis-tree.ts';

export const incidentNotFoundText = 'Incident not found';
const tabs = ['comments', 'plan'] as const;

function IncidentView({
  incident,
  onRefresh,
}: {
  incident: IncidentDetail;
  onRefresh: () => void;
}) {
  usePageTitle(incident.title);
  const canWrite = usePermission(['incident'], 'write');
  const update = useUpdateIncident(incident.id);
  const workflow = useStatusWorkflow(incident);
  const tab = useUrlTab('tab', tabs);
  const selected = tab.selected ?? 'comments';
  const closed = incident.status === 'closed';
  const components = evidenceComponents(incident.hypotheses);
  const [params] = useSearchParams();
  const comments = useCommentsQuery(incident.id);
  const planComments = { all: comments.data ?? [], expanded: params.get('comments') === 'true' };
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <IncidentTitle
          title={incident.title}
          canWrite={canWrite}
          onSave={(title) => update.mutate({ title })}
        />
        <div className="flex items-center gap-2">
          <IncidentSeverityBadge severity={incident.severity} />
          <IncidentStatusBadge status={incident.status} />
          {canWrite && (
            <Button
              variant={closed ? 'primary' : 'secondary'}
              disabled={workflow.pending}
              onClick={() => workflow.change(closed ? 'open' : 'closed')}
            >
              {closed ? 'Reopen' : 'Close'}
            </Button>
          )}
        </div>
      </div>
      {components.length > 0 && (
        <ul aria-label="Components" className="flex flex-wrap gap-2">
          {components.map((component) => (
            <li
              key={component.id}
              className="flex items-center gap-1.5 rounded-md border border-border bg-surface px-2 py-1 text-sm"
            >
              <Boxes aria-hidden="true" className="size-4 text-fg-muted" />
              {component.name}
            </li>
          ))}
        </ul>
      )}
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="min-w-0 space-y-3">
          <TabList
            label="Incident"
            idPrefix="incident"
            items={[
              { key: 'comments', label: 'Comments' },
              { key: 'plan', label: 'Action Plan' },
            ]}
            selected={selected}
            onSelect={tab.select}
          />
          <TabPanel idPrefix="incident" tabKey="comments" selected={selected === 'comments'}>
            <CommentsPanel
              incidentId={incident.id}
              hypotheses={incident.hypotheses}
              canWrite={canWrite}
            />
          </TabPanel>
          <TabPanel idPrefix="incident" tabKey="plan" selected={selected === 'plan'}>
            <ul
              aria-label="Action plan"
              className="space-y-3 rounded-lg border border-border bg-surface p-4"
            >
              {buildHypothesisTree(incident.hypotheses).map((node) => (
                <HypothesisNodeView
                  key={node.hypothesis.id}
                  node={node}
                  canWrite={canWrite}
                  comments={planComments}
                />
              ))}
            </ul>
          </TabPanel>
        </div>
        <IncidentSidePanel
          incident={incident}
          canWrite={canWrite}
          workflow={workflow}
          onRefresh={onRefresh}
        />
      </div>
      {workflow.dialog}
    </div>
  );
}

/** /incidents/{id} (spec 002 §2). */
export function IncidentDetailPage() {
  const { id = '' } = useParams();
  const incident = useIncidentQuery(id);
  if (incident.isPending) return <TableSkeleton label="Loading incident" />;
  if (incident.isError) {
    return (
      <ErrorState
        title="Could not load the incident"
        message={incident.error.message}
        onRetry={() => void incident.refetch()}
      />
    );
  }
  if (incident.data === null) return <EmptyState title={incidentNotFoundText} />;
  return <IncidentView incident={incident.data} onRefresh={() => void incident.refetch()} />;
}

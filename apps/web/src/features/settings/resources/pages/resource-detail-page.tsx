import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { isManagedElsewhere } from '@/lib/managed-source.ts';
import { usePageTitle } from '@/lib/page-title.ts';
import { usePermission } from '@/lib/session/use-permission.ts';
import { ConfirmDialog } from '@/ui/confirm-dialog.tsx';
import { EmptyState } from '@/ui/empty-state.tsx';
import { ErrorState } from '@/ui/error-state.tsx';
import { Skeleton } from '@/ui/skeleton.tsx';
import { TabList, TabPanel, useUrlTab } from '@/ui/tabs.tsx';
import type { ResourceRow } from '../api/resource-row.ts';
import { useResourceQuery } from '../api/resources-query.ts';
import { useDeleteResource, useSaveResource } from '../api/save-resource.ts';
import { ResourceForm } from '../components/resource-form.tsx';
import { ResourceJobs } from '../components/resource-jobs.tsx';
import { TeamMembers } from '../components/team-members.tsx';
import type { ResourceDefinition, ResourceTab } from '../model/resource-definition.ts';

const tabLabels: Record<ResourceTab, string> = {
  spec: 'Spec',
  manageTeam: 'Members',
  jobHistory: 'Job History',
};

/** /settings/{table}/{id} and /settings/{table}/new: the generic detail (spec 002 §2). */
export function ResourceDetailPage({ definition }: { definition: ResourceDefinition }) {
  const { id = 'new' } = useParams();
  if (id === 'new') return <NewResource definition={definition} />;
  return <ExistingResource definition={definition} id={id} />;
}

function NewResource({ definition }: { definition: ResourceDefinition }) {
  usePageTitle(`Add ${definition.singular}`);
  const navigate = useNavigate();
  const save = useSaveResource(definition);
  const back = () => void navigate(`/settings/${definition.table}`);
  return (
    <section aria-labelledby="resource-heading" className="space-y-4">
      <h1 id="resource-heading" className="text-lg font-semibold">
        Add {definition.singular}
      </h1>
      <div className="rounded-lg border border-border bg-surface p-4">
        <ResourceForm
          definition={definition}
          readOnly={false}
          pending={save.isPending}
          error={save.error?.message ?? null}
          onBack={back}
          onSave={(row) => save.mutate({ name: String(row.name), row }, { onSuccess: back })}
        />
      </div>
    </section>
  );
}

function ExistingResource({ definition, id }: { definition: ResourceDefinition; id: string }) {
  const resource = useResourceQuery(definition, id);
  usePageTitle(resource.data?.name ?? definition.singular);
  if (resource.isPending)
    return (
      <div role="status" aria-busy="true" aria-label="Loading" className="space-y-3">
        <Skeleton className="h-7 w-64" />
        <Skeleton className="h-96 w-full" />
      </div>
    );
  if (resource.isError)
    return (
      <ErrorState
        title={`Could not load the ${definition.singular.toLowerCase()}`}
        message={resource.error.message}
        onRetry={() => void resource.refetch()}
      />
    );
  if (resource.data === null)
    return (
      <section
        aria-labelledby="resource-heading"
        className="rounded-lg border border-border bg-surface"
      >
        <h1 id="resource-heading" className="sr-only">
          {definition.singular}
        </h1>
        <EmptyState
          title="No details found"
          description={`Nothing in ${definition.title} has the id ${id}.`}
        />
      </section>
    );
  return <LoadedResource definition={definition} row={resource.data} />;
}

function LoadedResource({ definition, row }: { definition: ResourceDefinition; row: ResourceRow }) {
  const navigate = useNavigate();
  const canWrite = usePermission([definition.permission], 'write');
  const save = useSaveResource(definition);
  const remove = useDeleteResource(definition);
  const [confirming, setConfirming] = useState(false);
  const { selected, select } = useUrlTab('tab', definition.tabs);
  const tab = selected ?? 'spec';
  const managed = isManagedElsewhere(row.source);
  const back = () => void navigate(`/settings/${definition.table}`);
  const prefix = `${definition.table}-detail`;
  return (
    <section aria-labelledby="resource-heading" className="space-y-4">
      <h1 id="resource-heading" className="text-lg font-semibold">
        {row.name}
      </h1>
      {managed && (
        <p className="rounded-md border border-border bg-surface-muted p-2 text-sm text-fg-muted">
          Managed by {row.source}: read only here. Change it where it is defined.
        </p>
      )}
      {definition.tabs.length > 1 && (
        <TabList
          label={definition.singular}
          idPrefix={prefix}
          items={definition.tabs.map((key) => ({ key, label: tabLabels[key] }))}
          selected={tab}
          onSelect={select}
        />
      )}
      <TabPanel
        idPrefix={prefix}
        tabKey="spec"
        selected={tab === 'spec'}
        className="rounded-lg border border-border bg-surface p-4"
      >
        {tab === 'spec' && (
          <ResourceForm
            definition={definition}
            row={row}
            readOnly={managed || !canWrite}
            pending={save.isPending}
            error={save.error?.message ?? null}
            onBack={back}
            onSave={(patch) =>
              save.mutate({ id: row.id, name: row.name, row: patch }, { onSuccess: back })
            }
            onDelete={() => setConfirming(true)}
          />
        )}
      </TabPanel>
      {definition.tabs.includes('manageTeam') && (
        <TabPanel idPrefix={prefix} tabKey="manageTeam" selected={tab === 'manageTeam'}>
          {tab === 'manageTeam' && <TeamMembers teamId={row.id} canWrite={canWrite && !managed} />}
        </TabPanel>
      )}
      {definition.jobResourceType && (
        <TabPanel idPrefix={prefix} tabKey="jobHistory" selected={tab === 'jobHistory'}>
          {tab === 'jobHistory' && (
            <ResourceJobs
              table={definition.table}
              resourceType={definition.jobResourceType}
              id={row.id}
            />
          )}
        </TabPanel>
      )}
      {confirming && (
        <ConfirmDialog
          title={`Delete ${definition.singular}`}
          message={`Delete ${row.name}? It is removed from every list; its history stays.`}
          pending={remove.isPending}
          onClose={() => setConfirming(false)}
          onConfirm={async () => {
            await remove.mutateAsync({ id: row.id, name: row.name });
            back();
          }}
        />
      )}
    </section>
  );
}

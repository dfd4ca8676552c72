import { useNavigate, useParams } from 'react-router';
import { usePageTitle } from '@/lib/page-title.ts';
import { usePermission } from '@/lib/session/use-permission.ts';
import { ErrorState } from '@/ui/error-state.tsx';
import { Skeleton } from '@/ui/skeleton.tsx';
import { TabList, TabPanel, useUrlTab } from '@/ui/tabs.tsx';
import { isManagedElsewhere } from '@/lib/managed-source.ts';
import { useCanaryQuery, type Canary } from '../api/canary-query.ts';
import { isJsonSchema } from '../api/json-schema.ts';
import { useCanarySchemaQuery } from '../api/canary-schema-query.ts';
import { CanaryEditor } from '../components/canary-editor.tsx';
import { CanaryJobs } from '../components/canary-jobs.tsx';
import { resourceFromRow, singleCheckKey } from '../model/canary-resource.ts';
import { checkFormFor } from '../model/check-form-registry.ts';

/** /settings/canaries/{id}: the edit form (the check detail modal's Edit links here). */
export function EditCanaryPage() {
  const { id = '' } = useParams();
  const canary = useCanaryQuery(id);
  usePageTitle(canary.data?.name ?? 'Health Check');

  return (
    <section aria-labelledby="edit-canary-heading" className="space-y-4">
      {canary.isPending && (
        <div
          role="status"
          aria-busy="true"
          aria-label="Loading the health check"
          className="space-y-3"
        >
          <Skeleton className="h-7 w-64" />
          <Skeleton className="h-96 w-full" />
        </div>
      )}
      {canary.isError && (
        <ErrorState
          title="Could not load the health check"
          message={canary.error.message}
          onRetry={() => void canary.refetch()}
        />
      )}
      {canary.isSuccess && canary.data === null && (
        <ErrorState title="Health check not found" message={`No health check has the id ${id}.`} />
      )}
      {canary.isSuccess && canary.data !== null && <LoadedCanary canary={canary.data} />}
    </section>
  );
}

type PageTab = 'spec' | 'jobs';
const pageTabs: ReadonlyArray<{ key: PageTab; label: string }> = [
  { key: 'spec', label: 'Spec' },
  { key: 'jobs', label: 'Job History' },
];
const pageTabKeys = pageTabs.map((item) => item.key);
const pageTabsId = 'canary-page';

function LoadedCanary({ canary }: { canary: Canary }) {
  const navigate = useNavigate();
  const { selected: tab, select: setTab } = useUrlTab('tab', pageTabKeys);
  const canWrite = usePermission(['canaries'], 'write');
  const schema = useCanarySchemaQuery();
  const managed = isManagedElsewhere(canary.source);
  const initial = resourceFromRow({
    name: canary.name,
    namespace: canary.namespace,
    labels: canary.labels ?? {},
    spec: canary.spec,
  });
  return (
    <>
      <h1 id="edit-canary-heading" className="text-lg font-semibold">
        {canary.name}
      </h1>
      {managed && (
        <p className="rounded-md border border-border bg-surface-muted p-2 text-sm text-fg-muted">
          Managed by {canary.source}: read only here. Change it where it is defined.
        </p>
      )}
      <TabList
        label="Health check"
        idPrefix={pageTabsId}
        items={pageTabs}
        selected={tab ?? 'spec'}
        onSelect={setTab}
      />
      <TabPanel
        idPrefix={pageTabsId}
        tabKey="spec"
        selected={tab !== 'jobs'}
        className="rounded-lg border border-border bg-surface p-4"
      >
        <CanaryEditor
          initial={initial}
          form={checkFormFor(singleCheckKey(canary.spec))}
          canaryId={canary.id}
          readOnly={managed || !canWrite}
          schema={isJsonSchema(schema.data) ? schema.data : undefined}
          onDone={() => void navigate('/settings/canaries')}
        />
      </TabPanel>
      <TabPanel idPrefix={pageTabsId} tabKey="jobs" selected={tab === 'jobs'}>
        {tab === 'jobs' && <CanaryJobs canaryId={canary.id} />}
      </TabPanel>
    </>
  );
}

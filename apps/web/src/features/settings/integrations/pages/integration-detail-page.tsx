import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { ScraperJobs } from '@/features/catalog/index.ts';
import {
  configScrapersResource,
  loggingBackendsResource,
  ResourceForm,
  ResourceJobs,
  topologiesResource,
  useDeleteResource,
  useResourceQuery,
  useSaveResource,
  type ResourceDefinition,
} from '@/features/settings/resources/index.ts';
import { isManagedElsewhere } from '@/lib/managed-source.ts';
import { usePageTitle } from '@/lib/page-title.ts';
import { usePermission } from '@/lib/session/use-permission.ts';
import { ConfirmDialog } from '@/ui/confirm-dialog.tsx';
import { EmptyState } from '@/ui/empty-state.tsx';
import { ErrorState } from '@/ui/error-state.tsx';
import { Skeleton } from '@/ui/skeleton.tsx';
import { TabList, TabPanel, useUrlTab } from '@/ui/tabs.tsx';
import {
  invalidateIntegrations,
  isIntegrationType,
  type IntegrationType,
} from '../api/integrations-query.ts';
import { ScraperEditor } from '../components/scraper-editor.tsx';
import { integrationTypeLabels } from '../model/integration-labels.ts';
import { scraperTypeByKey, scraperTypeOfSpec } from '../model/scraper-form-registry.ts';
import { newScraperSpec } from '../model/scraper-form-values.ts';
import { customScraper } from '../model/scraper-types/custom.ts';

const definitions: Record<IntegrationType, ResourceDefinition> = {
  scrapers: configScrapersResource,
  topologies: topologiesResource,
  logging_backends: loggingBackendsResource,
};

const list = '/settings/integrations';

/** /settings/integrations/{type}/{id}: Spec and Job History; an unknown type says so. */
export function IntegrationDetailPage() {
  const { type = '', id = 'new' } = useParams();
  if (!isIntegrationType(type))
    return (
      <section
        aria-labelledby="integration-heading"
        className="rounded-lg border border-border bg-surface"
      >
        <h1 id="integration-heading" className="sr-only">
          Integration
        </h1>
        <EmptyState
          title="Unknown type"
          description={`Integrations are scrapers, topologies or logging_backends, not ${type}.`}
        />
      </section>
    );
  return <Integration type={type} id={id} />;
}

function Integration({ type, id }: { type: IntegrationType; id: string }) {
  const definition = definitions[type];
  const isNew = id === 'new';
  const resource = useResourceQuery(definition, id, !isNew);
  usePageTitle(
    isNew
      ? `Add ${integrationTypeLabels[type]}`
      : (resource.data?.name ?? integrationTypeLabels[type]),
  );
  if (isNew) return <Editor type={type} definition={definition} />;
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
        title="Could not load the integration"
        message={resource.error.message}
        onRetry={() => void resource.refetch()}
      />
    );
  if (resource.data === null)
    return (
      <section
        aria-labelledby="integration-heading"
        className="rounded-lg border border-border bg-surface"
      >
        <h1 id="integration-heading" className="sr-only">
          {integrationTypeLabels[type]}
        </h1>
        <EmptyState
          title="No details found"
          description={`No ${integrationTypeLabels[type].toLowerCase()} has the id ${id}.`}
        />
      </section>
    );
  return <Editor type={type} definition={definition} row={resource.data} />;
}

type Row = NonNullable<ReturnType<typeof useResourceQuery>['data']>;
const tabs = ['spec', 'jobHistory'] as const;

function Editor({
  type,
  definition,
  row,
}: {
  type: IntegrationType;
  definition: ResourceDefinition;
  row?: Row;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const canWrite = usePermission([definition.permission], 'write');
  const save = useSaveResource(definition);
  const remove = useDeleteResource(definition);
  const [confirming, setConfirming] = useState(false);
  const { selected, select } = useUrlTab('tab', tabs);
  const tab = row && definition.jobResourceType ? (selected ?? 'spec') : 'spec';
  const readOnly = !canWrite || (row !== undefined && isManagedElsewhere(row.source));
  const done = () => {
    void invalidateIntegrations(queryClient);
    void navigate(list);
  };
  const saveRow = (values: Record<string, unknown>) =>
    save.mutate({ id: row?.id, name: String(values.name), row: values }, { onSuccess: done });
  const title = row?.name ?? `Add ${integrationTypeLabels[type]}`;
  const spec =
    row?.spec !== null && typeof row?.spec === 'object' && !Array.isArray(row.spec)
      ? { ...row.spec }
      : undefined;
  const scraperType = spec
    ? scraperTypeOfSpec(spec)
    : (scraperTypeByKey(params.get('type')) ?? customScraper);
  const specPanel =
    type === 'scrapers' ? (
      <ScraperEditor
        type={scraperType}
        name={row?.name ?? ''}
        namespace={row?.namespace ?? 'default'}
        spec={spec ?? newScraperSpec(scraperType)}
        source={row?.source}
        agent={row?.agent}
        isEdit={row !== undefined}
        readOnly={readOnly}
        pending={save.isPending}
        error={save.error?.message ?? null}
        onSave={saveRow}
        onDelete={row ? () => setConfirming(true) : undefined}
        onBack={() => void navigate(list)}
      />
    ) : (
      <ResourceForm
        definition={definition}
        row={row}
        readOnly={readOnly}
        pending={save.isPending}
        error={save.error?.message ?? null}
        onSave={saveRow}
        onDelete={row ? () => setConfirming(true) : undefined}
        onBack={() => void navigate(list)}
      />
    );
  return (
    <section aria-labelledby="integration-heading" className="space-y-4">
      <h1 id="integration-heading" className="text-lg font-semibold">
        {title}
        {type === 'scrapers' && (
          <span className="ml-2 text-sm font-normal text-fg-muted">{scraperType.label}</span>
        )}
      </h1>
      {row && readOnly && canWrite && (
        <p className="rounded-md border border-border bg-surface-muted p-2 text-sm text-fg-muted">
          Managed by {row.source}: read only here. Change it where it is defined.
        </p>
      )}
      {row && definition.jobResourceType && (
        <TabList
          label={title}
          idPrefix="integration"
          items={[
            { key: 'spec', label: 'Spec' },
            { key: 'jobHistory', label: 'Job History' },
          ]}
          selected={tab}
          onSelect={select}
        />
      )}
      <TabPanel
        idPrefix="integration"
        tabKey="spec"
        selected={tab === 'spec'}
        className="rounded-lg border border-border bg-surface p-4"
      >
        {tab === 'spec' && specPanel}
      </TabPanel>
      {row && definition.jobResourceType && (
        <TabPanel idPrefix="integration" tabKey="jobHistory" selected={tab === 'jobHistory'}>
          {tab === 'jobHistory' &&
            (type === 'scrapers' ? (
              <ScraperJobs scraperId={row.id} />
            ) : (
              <ResourceJobs
                table={definition.table}
                resourceType={definition.jobResourceType}
                id={row.id}
              />
            ))}
        </TabPanel>
      )}
      {confirming && row && (
        <ConfirmDialog
          title={`Delete ${integrationTypeLabels[type]}`}
          message={`Delete ${row.name}? It stops running; what it found stays.`}
          pending={remove.isPending}
          onClose={() => setConfirming(false)}
          onConfirm={async () => {
            await remove.mutateAsync({ id: row.id, name: row.name });
            done();
          }}
        />
      )}
    </section>
  );
}

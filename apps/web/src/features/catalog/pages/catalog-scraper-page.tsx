import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { isManagedElsewhere } from '@/lib/managed-source.ts';
import { usePageTitle } from '@/lib/page-title.ts';
import { usePermission } from '@/lib/session/use-permission.ts';
import { Button } from '@/ui/button.tsx';
import { ConfirmDialog } from '@/ui/confirm-dialog.tsx';
import { EmptyState } from '@/ui/empty-state.tsx';
import { ErrorState } from '@/ui/error-state.tsx';
import { Skeleton } from '@/ui/skeleton.tsx';
import { TabList, TabPanel, useUrlTab } from '@/ui/tabs.tsx';
import {
  useDeleteScraper,
  useRunScraper,
  useScraperQuery,
  type Scraper,
} from '../api/scraper-query.ts';
import { ScraperJobs } from '../components/scraper/scraper-jobs.tsx';
import { ScraperSpecEditor } from '../components/scraper/scraper-spec-editor.tsx';

/** /catalog/scrapers/{id}: the scraper's spec and its job history (spec 001 §2). */
export function CatalogScraperPage() {
  const { scraperId = '' } = useParams();
  const scraper = useScraperQuery(scraperId);
  usePageTitle(scraper.data?.name ?? 'Catalog Scraper');
  return (
    <section aria-labelledby="scraper-heading" className="space-y-4">
      {scraper.isPending && (
        <div role="status" aria-busy="true" aria-label="Loading the scraper" className="space-y-3">
          <Skeleton className="h-7 w-64" />
          <Skeleton className="h-96 w-full" />
        </div>
      )}
      {scraper.isError && (
        <ErrorState
          title="Could not load the scraper"
          message={scraper.error.message}
          onRetry={() => void scraper.refetch()}
        />
      )}
      {scraper.isSuccess && scraper.data === null && (
        <div className="rounded-lg border border-border bg-surface">
          <h1 id="scraper-heading" className="sr-only">
            Catalog Scraper
          </h1>
          <EmptyState
            title="No details found"
            description={`No scraper has the id ${scraperId}.`}
          />
        </div>
      )}
      {scraper.isSuccess && scraper.data !== null && <LoadedScraper scraper={scraper.data} />}
    </section>
  );
}

type PageTab = 'spec' | 'jobs';
const pageTabs: ReadonlyArray<{ key: PageTab; label: string }> = [
  { key: 'spec', label: 'Spec' },
  { key: 'jobs', label: 'Job History' },
];
const pageTabKeys = pageTabs.map((item) => item.key);
const pageTabsId = 'scraper-page';

function LoadedScraper({ scraper }: { scraper: Scraper }) {
  const navigate = useNavigate();
  const { selected: tab, select: setTab } = useUrlTab('tab', pageTabKeys);
  const canWrite = usePermission(['config_scrapers'], 'write');
  const remove = useDeleteScraper();
  const run = useRunScraper();
  const [confirming, setConfirming] = useState(false);
  const managed = isManagedElsewhere(scraper.source);
  return (
    <>
      <div className="flex items-center justify-between gap-4">
        <h1 id="scraper-heading" className="text-lg font-semibold">
          {scraper.name}
        </h1>
        {canWrite && (
          <div className="flex gap-2">
            <Button
              variant="secondary"
              disabled={run.isPending}
              onClick={() => run.mutate({ id: scraper.id, name: scraper.name })}
            >
              {run.isPending ? 'Running…' : 'Run now'}
            </Button>
            {!managed && (
              <Button variant="danger" onClick={() => setConfirming(true)}>
                Delete
              </Button>
            )}
          </div>
        )}
      </div>
      {managed && (
        <p className="rounded-md border border-border bg-surface-muted p-2 text-sm text-fg-muted">
          Managed by {scraper.source}: read only here. Change it where it is defined.
        </p>
      )}
      <TabList
        label="Catalog scraper"
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
        {tab !== 'jobs' && <ScraperSpecEditor scraper={scraper} readOnly={managed || !canWrite} />}
      </TabPanel>
      <TabPanel idPrefix={pageTabsId} tabKey="jobs" selected={tab === 'jobs'}>
        {tab === 'jobs' && <ScraperJobs scraperId={scraper.id} />}
      </TabPanel>
      {confirming && (
        <ConfirmDialog
          title="Delete Catalog Scraper"
          message={`Delete ${scraper.name}? It stops scraping; the configs it found stay.`}
          pending={remove.isPending}
          onClose={() => setConfirming(false)}
          onConfirm={async () => {
            await remove.mutateAsync({ id: scraper.id, name: scraper.name });
            void navigate('/catalog/scrapers');
          }}
        />
      )}
    </>
  );
}

import { z } from 'zod';
import { usePageTitle } from '@/lib/page-title.ts';
import { useUrlState } from '@/lib/url-state.ts';
import { QueryList } from '@/ui/query-list.tsx';
import { useEventQueueSummaryQuery } from '../api/event-queue-summary-query.ts';
import { EventErrorDialog } from '../components/event-error-dialog.tsx';
import { EventQueueTable } from '../components/event-queue-table.tsx';

/** The open dialog is in the URL, so that a link can show a name's error. */
const urlSchema = z.object({ error: z.string().optional() });

/**
 * /settings/event-queue-status: pending and failing events per name (spec 002 §2). The top bar's
 * Refresh and a timer keep it current.
 */
export function EventQueuePage() {
  usePageTitle('Event Queue');
  const summary = useEventQueueSummaryQuery();
  const [url, setUrl] = useUrlState(urlSchema);
  const open = summary.data?.find((row) => row.name === url.error && row.most_common_error);

  return (
    <section aria-labelledby="event-queue-heading" className="space-y-4">
      <h1 id="event-queue-heading" className="text-lg font-semibold">
        Event Queue
      </h1>
      <QueryList
        query={summary}
        loadingLabel="Loading the event queue"
        errorTitle="Could not load the event queue"
        empty={{
          description:
            'Events such as check.failed appear here once something is queued for a consumer.',
        }}
      >
        {(rows) => (
          <EventQueueTable rows={rows} onOpenError={(row) => setUrl({ error: row.name })} />
        )}
      </QueryList>
      {open && <EventErrorDialog row={open} onClose={() => setUrl({ error: undefined })} />}
    </section>
  );
}

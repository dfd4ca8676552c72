import { RefreshCw } from 'lucide-react';
import { z } from 'zod';
import { usePageTitle } from '../../../../lib/page-title.ts';
import { useUrlState } from '../../../../lib/url-state.ts';
import { Button } from '../../../../ui/button.tsx';
import { QueryList } from '../../../../ui/query-list.tsx';
import { cx } from '../../../../ui/class-names.ts';
import { useEventQueueSummaryQuery } from '../api/event-queue-summary-query.ts';
import { EventErrorDialog } from '../components/event-error-dialog.tsx';
import { EventQueueTable } from '../components/event-queue-table.tsx';

/** The open dialog is in the URL, so that a link can show a name's error. */
const urlSchema = z.object({ error: z.string().optional() });

/** /settings/event-queue-status: pending and failing events per name (spec 002 §2). */
export function EventQueuePage() {
  usePageTitle('Event Queue');
  const summary = useEventQueueSummaryQuery();
  const [url, setUrl] = useUrlState(urlSchema);
  const open = summary.data?.find((row) => row.name === url.error && row.most_common_error);

  return (
    <section aria-labelledby="event-queue-heading" className="space-y-4">
      <div className="flex items-center justify-between gap-4">
        <h1 id="event-queue-heading" className="text-lg font-semibold">
          Event Queue
        </h1>
        <Button
          variant="ghost"
          size="icon"
          label="Refresh"
          disabled={summary.isFetching}
          onClick={() => void summary.refetch()}
        >
          <RefreshCw
            aria-hidden="true"
            className={cx('size-4', summary.isFetching && 'animate-spin')}
          />
        </Button>
      </div>
      <QueryList
        query={summary}
        loadingLabel="Loading the event queue"
        errorTitle="Could not load the event queue"
      >
        {(rows) => (
          <EventQueueTable rows={rows} onOpenError={(row) => setUrl({ error: row.name })} />
        )}
      </QueryList>
      {open && <EventErrorDialog row={open} onClose={() => setUrl({ error: undefined })} />}
    </section>
  );
}

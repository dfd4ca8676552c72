import { Dialog } from '@/ui/dialog.tsx';
import { RelativeTime } from '@/ui/relative-time.tsx';
import { Skeleton } from '@/ui/skeleton.tsx';
import { useInsightQuery } from '@/features/catalog/api/insights-query.ts';
import { sanitizeMessage } from '@/features/catalog/model/insights-url-state.ts';
import { SeverityBadge } from '../severity-badge.tsx';

/** One insight: its config, analyzer, severity and sanitised message (500 characters). */
export function InsightDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const insight = useInsightQuery(id);
  const data = insight.data;
  return (
    <Dialog
      open
      size="medium"
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={data ? data.analyzer : 'Insight'}
      description={data?.config?.name ?? undefined}
    >
      <div className="space-y-3 p-5 text-sm">
        {insight.isPending ? (
          <Skeleton className="h-24 w-full" />
        ) : !data ? (
          <p>Details not found</p>
        ) : (
          <>
            <dl className="grid grid-cols-[8rem_1fr] gap-1">
              <dt className="text-fg-muted">Type</dt>
              <dd>{data.analysis_type}</dd>
              <dt className="text-fg-muted">Severity</dt>
              <dd>
                <SeverityBadge severity={data.severity} />
              </dd>
              <dt className="text-fg-muted">Status</dt>
              <dd>{data.status}</dd>
              <dt className="text-fg-muted">Source</dt>
              <dd>{data.source}</dd>
              <dt className="text-fg-muted">First observed</dt>
              <dd>
                <RelativeTime value={data.first_observed} />
              </dd>
              <dt className="text-fg-muted">Last observed</dt>
              <dd>
                <RelativeTime value={data.last_observed} />
              </dd>
            </dl>
            {data.summary && <p className="font-medium">{data.summary}</p>}
            <p className="break-words whitespace-pre-wrap">{sanitizeMessage(data.message)}</p>
          </>
        )}
      </div>
    </Dialog>
  );
}

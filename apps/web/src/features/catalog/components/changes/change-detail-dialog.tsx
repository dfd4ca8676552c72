import { useState } from 'react';
import { Dialog } from '@/ui/dialog.tsx';
import { DiffView, type DiffViewType } from '@/ui/diff-view.tsx';
import { ErrorState } from '@/ui/error-state.tsx';
import { RelativeTime } from '@/ui/relative-time.tsx';
import { SegmentedControl } from '@/ui/segmented-control.tsx';
import { Skeleton } from '@/ui/skeleton.tsx';
import { useChangeDetailQuery } from '@/features/catalog/api/changes-query.ts';
import { SeverityBadge } from '../severity-badge.tsx';

const viewLabels: Record<string, DiffViewType> = { 'Side by side': 'split', Unified: 'unified' };

function Json({ label, value }: { label: string; value: unknown }) {
  if (value === null || value === undefined) return null;
  return (
    <div className="space-y-1">
      <h3 className="text-sm font-medium">{label}</h3>
      <pre className="max-h-64 overflow-auto rounded-md border border-border bg-surface-muted p-2 text-xs">
        {JSON.stringify(value, null, 2)}
      </pre>
    </div>
  );
}

/** A change's diff (side by side or unified), its details and its patches. */
export function ChangeDetailDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const change = useChangeDetailQuery(id);
  const [view, setView] = useState<string>('Side by side');
  const data = change.data;
  return (
    <Dialog
      open
      size="full"
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={data ? `${data.change_type}: ${data.config?.name ?? data.config_id}` : 'Change'}
      description={data?.summary ?? undefined}
    >
      <div className="space-y-4 p-5">
        {change.isPending ? (
          <Skeleton className="h-48 w-full" />
        ) : change.isError ? (
          <ErrorState message={change.error.message} onRetry={() => void change.refetch()} />
        ) : !data ? (
          <p>Details not found</p>
        ) : (
          <>
            <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
              <div className="flex gap-1">
                <dt className="text-fg-muted">Severity</dt>
                <dd>
                  <SeverityBadge severity={data.severity} />
                </dd>
              </div>
              <div className="flex gap-1">
                <dt className="text-fg-muted">Source</dt>
                <dd>{data.source}</dd>
              </div>
              <div className="flex gap-1">
                <dt className="text-fg-muted">Created by</dt>
                <dd>{data.created_by?.name ?? data.external_created_by}</dd>
              </div>
              <div className="flex gap-1">
                <dt className="text-fg-muted">Count</dt>
                <dd>{data.count ?? 1}</dd>
              </div>
              <div className="flex gap-1">
                <dt className="text-fg-muted">First observed</dt>
                <dd>
                  <RelativeTime value={data.first_observed} />
                </dd>
              </div>
              <div className="flex gap-1">
                <dt className="text-fg-muted">Created</dt>
                <dd>
                  <RelativeTime value={data.created_at} />
                </dd>
              </div>
            </dl>
            {data.diff ? (
              <div className="space-y-2">
                <div className="flex items-center justify-between gap-3">
                  <h3 className="text-sm font-medium">Diff</h3>
                  <SegmentedControl
                    label="Diff view"
                    options={Object.keys(viewLabels)}
                    value={view}
                    onChange={setView}
                  />
                </div>
                <DiffView diff={data.diff} viewType={viewLabels[view] ?? 'split'} />
              </div>
            ) : (
              <p className="text-sm text-fg-muted">This change has no diff.</p>
            )}
            <Json label="Details" value={data.details} />
            <Json label="Patches" value={data.patches} />
          </>
        )}
      </div>
    </Dialog>
  );
}

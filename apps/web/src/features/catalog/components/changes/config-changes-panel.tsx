import { useUrlState } from '@/lib/url-state.ts';
import { EmptyState } from '@/ui/empty-state.tsx';
import { ErrorState } from '@/ui/error-state.tsx';
import { Pagination } from '@/ui/pagination.tsx';
import { TableSkeleton } from '@/ui/table.tsx';
import { useChangesQuery } from '@/features/catalog/api/changes-query.ts';
import {
  changesUrlSchema,
  defaultChangesPageSize,
} from '@/features/catalog/model/changes-url-state.ts';
import {
  hideDeletedChangesKey,
  useYesNoPreference,
} from '@/features/catalog/model/stored-preferences.ts';
import { ChangeDetailDialog } from './change-detail-dialog.tsx';
import { ChangesFilters } from './changes-filters.tsx';
import { ChangesTable } from './changes-table.tsx';

/** The changes list, of all configs or of one config and its neighbours. */
export function ChangesView({ configId }: { configId?: string }) {
  const [state, update] = useUrlState(changesUrlSchema);
  const [hideDeleted, setHideDeleted] = useYesNoPreference(hideDeletedChangesKey);
  const upstream = state.upstream === 'true';
  const downstream = state.downstream !== 'false';
  const changes = useChangesQuery(state, {
    configId,
    upstream,
    downstream,
    hideDeletedConfigs: configId === undefined ? false : hideDeleted,
  });
  const pageSize = state.pageSize ?? defaultChangesPageSize;
  const pageIndex = (state.page ?? 1) - 1;
  return (
    <div className="space-y-3">
      <ChangesFilters
        state={state}
        update={update}
        scope={
          configId === undefined
            ? undefined
            : { upstream, downstream, hideDeleted, onHideDeleted: setHideDeleted }
        }
      />
      {changes.isPending ? (
        <TableSkeleton label="Loading changes" />
      ) : changes.isError ? (
        <ErrorState message={changes.error.message} onRetry={() => void changes.refetch()} />
      ) : changes.data.changes.length === 0 ? (
        <EmptyState
          title="No changes"
          description="No change matches these filters in this time range."
        />
      ) : (
        <>
          <ChangesTable
            changes={changes.data.changes}
            onOpen={(change) => update({ change })}
            onChip={(param, value) => update({ [param]: value, page: undefined })}
          />
          <Pagination
            pageIndex={pageIndex}
            pageSize={pageSize}
            total={changes.data.total}
            shown={changes.data.changes.length}
            emptyText="No changes"
            onPage={(index) => update({ page: index === 0 ? undefined : index + 1 })}
          />
        </>
      )}
      {state.change && (
        <ChangeDetailDialog id={state.change} onClose={() => update({ change: undefined })} />
      )}
    </div>
  );
}

export function ConfigChangesPanel({ configId }: { configId: string }) {
  return <ChangesView configId={configId} />;
}

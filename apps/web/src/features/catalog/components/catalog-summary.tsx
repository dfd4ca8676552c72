import type { UrlValue } from '@/lib/url-state.ts';
import { EmptyState } from '@/ui/empty-state.tsx';
import { ErrorState } from '@/ui/error-state.tsx';
import { TableSkeleton } from '@/ui/table.tsx';
import { useSummaryQuery } from '../api/summary-query.ts';
import type { CatalogUrlState } from '../model/catalog-url-state.ts';
import { favouriteTypesKey, useStoredList } from '../model/stored-preferences.ts';
import { summaryGroups, summaryRequest } from '../model/summary-groups.ts';
import { SummaryTable } from './summary-table.tsx';

export interface CatalogSummaryProps {
  state: CatalogUrlState;
  update: (patch: Partial<Record<keyof CatalogUrlState, UrlValue>>) => void;
  hideDeleted: boolean;
}

/** The summary: a click on a type shows its items (sets configType, clears groupBy). */
export function CatalogSummary({ state, update, hideDeleted }: CatalogSummaryProps) {
  const request = summaryRequest(state, hideDeleted);
  const summary = useSummaryQuery(request, true);
  const [favourites, setFavourites] = useStoredList(favouriteTypesKey);
  const groupKey = request.groupBy?.at(-1) ?? 'type';
  if (summary.isPending) return <TableSkeleton label="Loading catalog summary" rows={8} />;
  if (summary.isError) {
    return <ErrorState message={summary.error.message} onRetry={() => void summary.refetch()} />;
  }
  if (summary.data.length === 0) {
    return (
      <EmptyState title="No config items" description="No scraper has filled the catalog yet." />
    );
  }
  const toggle = (type: string) =>
    setFavourites(
      favourites.includes(type) ? favourites.filter((t) => t !== type) : [...favourites, type],
    );
  return (
    <SummaryTable
      groups={summaryGroups(summary.data, groupKey, favourites)}
      favourites={groupKey === 'type' ? { types: favourites, toggle } : undefined}
      onOpen={(line) =>
        update(
          groupKey === 'type'
            ? { configType: line.value, groupBy: undefined }
            : { tags: `${groupKey}____${line.value}:1`, groupBy: undefined },
        )
      }
    />
  );
}

import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { EmptyState } from './empty-state.tsx';
import { ErrorState } from './error-state.tsx';
import { TableSkeleton } from './table.tsx';

export interface QueryListProps<Item> {
  query: UseQueryResult<readonly Item[]>;
  loadingLabel: string;
  errorTitle: string;
  /** The empty state's text (default 'No data available'). */
  emptyTitle?: string;
  /** Renders the list once it has at least one item. */
  children: (items: readonly Item[]) => ReactNode;
}

/** A list query's loading skeleton, error with retry, empty state, or its items. */
export function QueryList<Item>({
  query,
  loadingLabel,
  errorTitle,
  emptyTitle,
  children,
}: QueryListProps<Item>) {
  if (query.isPending) return <TableSkeleton label={loadingLabel} />;
  if (query.isError) {
    return (
      <ErrorState
        title={errorTitle}
        message={query.error.message}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (query.data.length === 0) {
    return (
      <div className="rounded-lg border border-border bg-surface">
        <EmptyState {...(emptyTitle === undefined ? {} : { title: emptyTitle })} />
      </div>
    );
  }
  return children(query.data);
}

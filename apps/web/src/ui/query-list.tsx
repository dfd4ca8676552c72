import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { EmptyState, type EmptyStateProps } from './empty-state.tsx';
import { ErrorState } from './error-state.tsx';
import { TableSkeleton } from './table.tsx';

export interface QueryListProps<Item> {
  query: UseQueryResult<readonly Item[]>;
  loadingLabel: string;
  errorTitle: string;
  /** The empty state: 'No data available' (spec 000 §8) with the list's line and next step. */
  empty?: EmptyStateProps;
  /** Renders the list once it has at least one item. */
  children: (items: readonly Item[]) => ReactNode;
}

/** A list query's loading skeleton, error with retry, empty state, or its items. */
export function QueryList<Item>({
  query,
  loadingLabel,
  errorTitle,
  empty,
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
        <EmptyState {...empty} />
      </div>
    );
  }
  return children(query.data);
}

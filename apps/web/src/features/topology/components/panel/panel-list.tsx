import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Spinner } from '@/ui/spinner.tsx';

export interface PanelListProps<T> {
  query: UseQueryResult<T[]>;
  /** What the empty list means, under the spec's 'No data available'. */
  empty: string;
  label: string;
  render: (row: T) => ReactNode;
  rowKey: (row: T) => string;
}

/** A side-panel list with its loading, error and empty states. */
export function PanelList<T>({ query, empty, label, render, rowKey }: PanelListProps<T>) {
  if (query.isPending) return <Spinner label={`Loading ${label.toLowerCase()}`} />;
  if (query.isError) {
    return (
      <p role="alert" className="text-unhealthy">
        {query.error.message}
      </p>
    );
  }
  if (query.data.length === 0) {
    return (
      <div className="text-fg-muted">
        <p className="font-medium text-fg">No data available</p>
        <p className="text-xs">{empty}</p>
      </div>
    );
  }
  return (
    <ul aria-label={label} className="divide-y divide-border">
      {query.data.map((row) => (
        <li key={rowKey(row)} className="flex min-w-0 items-center gap-2 py-1.5">
          {render(row)}
        </li>
      ))}
    </ul>
  );
}

import type { ReactNode } from 'react';
import { EmptyState } from './empty-state.tsx';

export interface PlaceholderPageProps {
  headingId: string;
  title: string;
  description: string;
  action?: ReactNode;
}

/** A titled page that only says what is still to come. */
export function PlaceholderPage({ headingId, title, description, action }: PlaceholderPageProps) {
  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <h1 id={headingId} className="text-lg font-semibold">
        {title}
      </h1>
      <div className="rounded-lg border border-border bg-surface">
        <EmptyState description={description} action={action} />
      </div>
    </section>
  );
}

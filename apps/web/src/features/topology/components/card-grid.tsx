import type { TopologyComponent } from '@vigil/domain';
import { useEffect, useState } from 'react';
import { TopologyCard } from './card/topology-card.tsx';

/** Cards drawn per task: a screenful first, the rest in later tasks (bench/topology-ui). */
export const cardBatch = 60;

/**
 * How many of `total` cards to draw now: one batch, then one more per task until all are
 * drawn, so that a flat list of thousands paints its first screen at once and stays
 * responsive. A grid that is already drawn keeps its count when its cards change (a refetch).
 */
export function useDrawnCount(total: number): number {
  const [count, setCount] = useState(cardBatch);
  useEffect(() => {
    if (count >= total) return;
    const timer = setTimeout(() => setCount(count + cardBatch), 0);
    return () => clearTimeout(timer);
  }, [count, total]);
  return Math.min(count, total);
}

export function CardGrid({
  cards,
  width,
  currentId,
}: {
  cards: readonly TopologyComponent[];
  width: number;
  currentId: string | undefined;
}) {
  const drawn = useDrawnCount(cards.length);
  return (
    <div role="list" aria-label="Components" className="flex flex-wrap content-start gap-3">
      {cards.slice(0, drawn).map((component) => (
        <div role="listitem" key={component.id} className="max-w-full">
          <TopologyCard
            component={component}
            width={width}
            currentId={currentId}
            hideMenu={component.id === currentId}
          />
        </div>
      ))}
    </div>
  );
}

export function CardGridSkeleton({ width }: { width: number }) {
  return (
    <div aria-busy="true" aria-label="Loading components" className="flex flex-wrap gap-3">
      {[0, 1, 2, 3, 4, 5].map((index) => (
        <div
          key={index}
          aria-hidden="true"
          style={{ width }}
          className="h-40 max-w-full animate-pulse rounded-lg bg-surface-muted"
        />
      ))}
    </div>
  );
}

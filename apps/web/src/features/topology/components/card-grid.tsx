import type { TopologyComponent } from '@vigil/domain';
import { TopologyCard } from './card/topology-card.tsx';

export function CardGrid({
  cards,
  width,
  currentId,
}: {
  cards: readonly TopologyComponent[];
  width: number;
  currentId: string | undefined;
}) {
  return (
    <div role="list" aria-label="Components" className="flex flex-wrap content-start gap-3">
      {cards.map((component) => (
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

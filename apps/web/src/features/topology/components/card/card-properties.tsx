import type { ComponentProperty } from '@/features/topology/model/component-types.ts';
import { Fragment } from 'react';
import { propertyLines } from '@/features/topology/model/card-properties.ts';
import { PropertyValue } from './property-value.tsx';
import { ShowMoreList } from './show-more-list.tsx';

/** The card's property list: grouped keys on one line, collapsed after 6. */
export function CardProperties({
  properties,
  owner,
}: {
  properties: readonly ComponentProperty[];
  owner: string;
}) {
  const lines = propertyLines(properties);
  if (lines.length === 0) return null;
  const items = lines.map((line) => (
    <div key={line.key} className="flex min-w-0 items-baseline gap-1.5 text-xs">
      <span className="shrink-0 text-fg-muted">{line.label}:</span>
      <span className="flex min-w-0 flex-wrap items-baseline gap-1">
        {line.properties.map((property, index) => (
          <Fragment key={index}>
            {index > 0 && <span className="text-fg-muted">/</span>}
            <PropertyValue property={property} />
          </Fragment>
        ))}
      </span>
    </div>
  ));
  return (
    <ShowMoreList
      items={items}
      visible={6}
      what={`properties of ${owner}`}
      className="min-w-0 flex-1"
    />
  );
}

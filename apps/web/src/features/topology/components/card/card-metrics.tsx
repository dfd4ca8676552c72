import type { ComponentProperty } from '@/features/topology/model/component-types.ts';
import { cx } from '@/ui/class-names.ts';
import { headlineProperties } from '@/features/topology/model/card-properties.ts';
import { PropertyValue } from './property-value.tsx';

/** Headline properties as small metric tiles. */
export function CardMetrics({
  properties,
  className,
}: {
  properties: readonly ComponentProperty[];
  className?: string;
}) {
  const headline = headlineProperties(properties);
  if (headline.length === 0) return null;
  return (
    <dl className={cx('flex flex-wrap gap-x-5 gap-y-1', className)}>
      {headline.map((property, index) => (
        <div key={`${property.name ?? ''}-${index}`} className="min-w-0">
          <dt className="text-[0.6875rem] text-fg-muted uppercase">
            {property.label ?? property.name}
          </dt>
          <dd className="text-sm font-semibold">
            <PropertyValue property={property} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

import type { TopologyComponent } from '@vigil/domain';
import type { ReactNode } from 'react';
import { RelativeTime } from '@/ui/relative-time.tsx';
import { propertyLines } from '@/features/topology/model/card-properties.ts';
import { PropertyValue } from '../card/property-value.tsx';
import { StatusDot } from '../status-dot.tsx';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[7rem_1fr] gap-2 py-0.5">
      <dt className="text-fg-muted">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

/** Name, type, status and why, labels, properties and times of the component. */
export function DetailsSection({ component }: { component: TopologyComponent }) {
  const labels = Object.entries(component.labels ?? {});
  return (
    <dl>
      <Row label="Name">{component.name}</Row>
      {component.type && <Row label="Type">{component.type}</Row>}
      <Row label="Status">
        <span className="inline-flex items-center gap-1.5">
          <StatusDot status={component.status} />
          {component.status ?? 'unknown'}
        </span>
      </Row>
      {component.status_reason && <Row label="Reason">{component.status_reason}</Row>}
      {component.description && <Row label="Description">{component.description}</Row>}
      {component.external_id && <Row label="External ID">{component.external_id}</Row>}
      {labels.length > 0 && (
        <Row label="Labels">
          <span className="flex flex-wrap gap-1">
            {labels.map(([key, value]) => (
              <span key={key} className="rounded bg-surface-muted px-1.5 text-xs">
                {key}: {value}
              </span>
            ))}
          </span>
        </Row>
      )}
      {propertyLines(component.properties ?? []).map((line) => (
        <Row key={line.key} label={line.label}>
          {line.properties.map((property, index) => (
            <span key={index}>
              {index > 0 && <span className="px-1 text-fg-muted">/</span>}
              <PropertyValue property={property} />
            </span>
          ))}
        </Row>
      ))}
      <Row label="Created">
        <RelativeTime value={component.created_at} />
      </Row>
      <Row label="Updated">
        <RelativeTime value={component.updated_at} />
      </Row>
    </dl>
  );
}

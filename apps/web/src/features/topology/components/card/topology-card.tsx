import type { TopologyComponent } from '@vigil/domain';
import { useId } from 'react';
import { Link, useLocation } from 'react-router';
import { cx, focusRing } from '@/ui/class-names.ts';
import { headlineProperties, propertyLines } from '@/features/topology/model/card-properties.ts';
import { zoomInHref } from '@/features/topology/model/topology-url-state.ts';
import { ComponentActions } from '../component-actions.tsx';
import { statusBorder } from '../status-styles.ts';
import { AvatarStack } from './avatar-stack.tsx';
import { CardMetrics } from './card-metrics.tsx';
import { CardProperties } from './card-properties.tsx';
import { ComponentIcon } from './component-icon.tsx';
import { ChildList } from './child-list.tsx';
import { SummaryBadges } from './summary-badges.tsx';

/** A card with no properties, counts or children is its header alone. */
function hasBody(component: TopologyComponent): boolean {
  const { checks, incidents, insights } = component.summary;
  return (
    propertyLines(component.properties).length > 0 ||
    (component.components?.length ?? 0) > 0 ||
    Object.values(checks).some((n) => n > 0) ||
    Object.keys(incidents).length > 0 ||
    Object.keys(insights).length > 0
  );
}

export interface TopologyCardProps {
  component: TopologyComponent;
  width: number;
  /** The component whose page this is: its own card needs no link to itself. */
  currentId?: string;
  hideMenu?: boolean;
}

/** One component: name, status reason, headline metrics, properties, summaries, children. */
export function TopologyCard({ component, width, currentId, hideMenu }: TopologyCardProps) {
  const { search } = useLocation();
  const titleId = useId();
  const href = zoomInHref(component, new URLSearchParams(search), currentId);
  const self = component.id === currentId;
  const properties = component.properties ?? [];
  const name = component.text ?? component.name;
  const teams = component.teams;
  const hasMetrics = headlineProperties(properties).length > 0;
  return (
    <article
      aria-labelledby={titleId}
      style={{ width }}
      className={cx(
        'flex max-w-full flex-col rounded-lg border border-t-4 border-border bg-surface shadow-sm',
        statusBorder[component.status ?? ''] ?? 'border-t-border',
      )}
    >
      <header className="flex items-start gap-2 border-b border-border px-3 pt-2.5 pb-2">
        <ComponentIcon
          icon={component.icon}
          type={component.type}
          className="mt-0.5 size-5 shrink-0 text-fg-muted"
        />
        <div className="min-w-0 flex-1">
          <h2 id={titleId} className="truncate text-sm font-semibold" title={component.name}>
            {self ? (
              name
            ) : (
              <Link to={href} className={cx('rounded hover:underline', focusRing)}>
                {name}
              </Link>
            )}
          </h2>
          <p
            className="truncate text-xs text-fg-muted"
            title={component.status_reason ?? undefined}
          >
            {component.status_reason ?? component.type ?? '\u00a0'}
          </p>
          {/* The border's colour says it to the eye; this says it to a screen reader. */}
          <span className="sr-only">Status: {component.status ?? 'unknown'}</span>
        </div>
        {hideMenu !== true && (
          <ComponentActions component={component} zoomInHref={self ? undefined : href} />
        )}
      </header>
      {hasMetrics && (
        <CardMetrics
          properties={properties}
          className="border-b border-border bg-surface-muted/50 px-3 py-1.5"
        />
      )}
      {hasBody(component) && (
        <div className="flex flex-1 gap-3 px-3 py-2">
          <CardProperties properties={properties} owner={component.name} />
          <div className="min-w-0 flex-1 space-y-1.5">
            <SummaryBadges summary={component.summary} />
            <ChildList parent={component} currentId={currentId} />
          </div>
        </div>
      )}
      {teams.length > 0 && (
        <footer className="flex justify-end border-t border-border px-3 py-1.5">
          <AvatarStack names={teams} label={`Teams of ${component.name}`} />
        </footer>
      )}
    </article>
  );
}

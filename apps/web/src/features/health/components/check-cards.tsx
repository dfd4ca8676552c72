import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, useState } from 'react';
import { formatRelative } from '@/ui/relative-time.tsx';
import {
  displayLatency,
  formatLatency,
  formatPercent,
  uptimePercent,
} from '../model/check-metrics.ts';
import type { CheckSummary } from '@vigil/domain';
import { healthColour } from '../model/health-colour.ts';
import { AgentBadge } from './agent-badge.tsx';
import { HealthDot } from './health-badge.tsx';
import { recentRuns } from '../model/recent-runs.ts';
import { LatencySparkline, StatusStrip } from './recent-runs.tsx';

const cardWidth = 240;
const cardHeight = 132;

function CheckCard({
  check,
  now,
  onOpen,
}: {
  check: CheckSummary;
  now: number;
  onOpen: () => void;
}) {
  const status = check.status ?? 'unknown';
  const runs = recentRuns(check);
  return (
    <button
      type="button"
      aria-label={check.name}
      onClick={onOpen}
      className="flex h-full w-full flex-col gap-1 rounded-lg border border-border bg-surface p-3 text-left text-sm hover:border-accent"
    >
      <span className="flex items-center gap-2 font-medium">
        <HealthDot colour={healthColour(status)} label={status} />
        <span className="truncate">{check.name}</span>
        <AgentBadge agentId={check.agent_id} agentName={check.agent_name} />
      </span>
      <span className="truncate text-xs text-fg-muted">
        {[check.canary_name, check.type].filter(Boolean).join(' · ')}
      </span>
      <span className="flex items-center justify-between gap-2">
        <StatusStrip runs={runs} />
        <LatencySparkline runs={runs} />
      </span>
      <span className="mt-auto flex justify-between text-xs">
        <span>Uptime {formatPercent(uptimePercent(check))}</span>
        <span>Latency {formatLatency(displayLatency(check))}</span>
      </span>
      <span className="text-xs text-fg-muted">
        {check.last_transition_time
          ? `Transitioned ${formatRelative(new Date(check.last_transition_time), new Date(now))}`
          : 'No transition'}
      </span>
    </button>
  );
}

export interface CheckCardsProps {
  checks: readonly CheckSummary[];
  now: number;
  onOpen: (id: string) => void;
}

/** The card layout: a grid as wide as the page allows, with only the cards on screen rendered. */
export function CheckCards({ checks, now, onOpen }: CheckCardsProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const [lanes, setLanes] = useState(1);
  useEffect(() => {
    const element = scroller.current;
    if (element === null) return;
    const measure = () => setLanes(Math.max(1, Math.floor(element.clientWidth / cardWidth)));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const rowCount = Math.ceil(checks.length / lanes);
  // No React Compiler here: the virtualizer re-renders this component on scroll by design.
  // eslint-disable-next-line react-hooks/incompatible-library -- see above
  const virtualizer = useVirtualizer({
    count: rowCount,
    getScrollElement: () => scroller.current,
    estimateSize: () => cardHeight + 12,
    overscan: 4,
  });
  return (
    <div
      ref={scroller}
      role="list"
      aria-label="Checks"
      className="max-h-[calc(100vh-13rem)] min-h-48 overflow-auto"
    >
      <div className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => (
          <div
            key={item.key}
            className="absolute inset-x-0 grid gap-3"
            style={{
              top: item.start,
              height: cardHeight,
              gridTemplateColumns: `repeat(${lanes}, minmax(0, 1fr))`,
            }}
          >
            {checks.slice(item.index * lanes, item.index * lanes + lanes).map((check) => (
              <div role="listitem" key={check.id}>
                <CheckCard check={check} now={now} onOpen={() => onOpen(check.id)} />
              </div>
            ))}
          </div>
        ))}
      </div>
    </div>
  );
}

import type { ComponentSummary } from '@/features/topology/model/component-types.ts';
import { cx } from '@/ui/class-names.ts';

/** Spec 001 §9: a count of 500 or more is red; above 999 it reads as thousands with 'k+'. */
export function countText(count: number): string {
  return count > 999 ? `${Math.floor(count / 1000)}k+` : String(count);
}

const severityColour: Readonly<Record<string, string>> = {
  critical: 'text-severity-critical',
  blocker: 'text-severity-blocker',
  high: 'text-severity-high',
  medium: 'text-severity-medium',
  info: 'text-fg-muted',
};

function Count({ value, className }: { value: number; className?: string }) {
  return (
    <span className={cx('tabular-nums', value >= 500 && 'text-unhealthy', className)}>
      {countText(value)}
    </span>
  );
}

type SeverityCounts = ComponentSummary['incidents'];

/** The server has already counted 'low' as 'medium' (spec 001 §2). */
function TypedCounts({ title, counts }: { title: string; counts: SeverityCounts }) {
  const types = Object.entries(counts).filter(([, bySeverity]) =>
    Object.values(bySeverity).some((n) => n > 0),
  );
  if (types.length === 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-1 text-xs">
      <span className="text-fg-muted">{title}:</span>
      {types.map(([type, bySeverity]) => (
        <span
          key={type}
          className="inline-flex items-center gap-1 rounded border border-border px-1.5"
          title={`${type}: ${Object.entries(bySeverity)
            .map(([severity, n]) => `${n} ${severity}`)
            .join(', ')}`}
        >
          <span>{type.replace(/_/g, ' ')}</span>
          {Object.entries(bySeverity)
            .filter(([, n]) => n > 0)
            .map(([severity, n]) => (
              <Count
                key={severity}
                value={n}
                className={cx('font-medium', severityColour[severity] ?? 'text-fg-muted')}
              />
            ))}
        </span>
      ))}
    </div>
  );
}

const checkColour: Readonly<Record<string, string>> = {
  healthy: 'bg-healthy',
  unhealthy: 'bg-unhealthy',
  warning: 'bg-warning',
};

function CheckCounts({ checks }: { checks: Readonly<Record<string, number>> }) {
  const entries = ['healthy', 'unhealthy', 'warning', 'unknown']
    .map((status): [string, number] => [status, checks[status] ?? 0])
    .filter(([, n]) => n > 0);
  if (entries.length === 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-2 text-xs">
      <span className="text-fg-muted">Checks:</span>
      {entries.map(([status, n]) => (
        <span key={status} className="inline-flex items-center gap-1" title={`${n} ${status}`}>
          <span
            aria-hidden="true"
            className={cx('size-2 rounded-full', checkColour[status] ?? 'bg-unknown')}
          />
          <Count value={n} />
          <span className="sr-only">{status}</span>
        </span>
      ))}
    </div>
  );
}

/** Checks by status, incidents and insights by type and severity. */
export function SummaryBadges({ summary }: { summary: ComponentSummary }) {
  return (
    <>
      <CheckCounts checks={summary.checks} />
      <TypedCounts title="Incidents" counts={summary.incidents} />
      <TypedCounts title="Insights" counts={summary.insights} />
    </>
  );
}

import { cx } from '@/ui/class-names.ts';
import { formatLatency } from '../model/check-metrics.ts';
import { sparklinePoints, type RecentRun } from '../model/recent-runs.ts';

/** Bars the strip always has room for, so rows line up however many runs a check has. */
export const stripSlots = 24;
/** Below 1280 px only the newest half shows, so check names keep their room. */
const narrowSlots = 12;

function slotClass(slot: number): string {
  return slot < stripSlots - narrowSlots ? 'hidden xl:block' : 'block';
}

/** The last runs as status bars, newest at the right; empty slots keep rows aligned. */
export function StatusStrip({ runs }: { runs: readonly RecentRun[] }) {
  const shown = runs.slice(-stripSlots);
  const failed = shown.filter((r) => !r.passed).length;
  const label =
    shown.length === 0
      ? 'No runs in the last 3 hours'
      : `Last ${shown.length} runs: ${shown.length - failed} passed, ${failed} failed`;
  return (
    <span
      role="img"
      aria-label={label}
      title={label}
      className="inline-flex h-4 items-end gap-px align-middle"
    >
      {Array.from({ length: stripSlots - shown.length }, (_, i) => (
        <span key={`empty-${i}`} className={cx('h-4 w-1 rounded-sm bg-border', slotClass(i))} />
      ))}
      {shown.map((run, i) => (
        <span
          key={i}
          data-status={run.passed ? 'passed' : 'failed'}
          title={`${run.passed ? 'passed' : 'failed'} · ${formatLatency(run.durationMs)}`}
          className={cx(
            'h-4 w-1 rounded-sm',
            slotClass(stripSlots - shown.length + i),
            run.passed ? 'bg-healthy' : 'bg-unhealthy',
          )}
        />
      ))}
    </span>
  );
}

const sparkWidth = 64;
const sparkHeight = 16;

/** The last runs' durations as a line in the text colour (colour is reserved for status). */
export function LatencySparkline({ runs }: { runs: readonly RecentRun[] }) {
  const durations = runs.map((r) => r.durationMs);
  if (durations.length === 0) return null;
  const max = Math.max(...durations);
  const min = Math.min(...durations);
  return (
    <svg
      role="img"
      aria-label={`Latency of the last ${durations.length} runs: ${formatLatency(min)} to ${formatLatency(max)}`}
      width={sparkWidth}
      height={sparkHeight}
      viewBox={`0 0 ${sparkWidth} ${sparkHeight}`}
      className="shrink-0 text-fg-muted"
    >
      <polyline
        points={sparklinePoints(durations, sparkWidth, sparkHeight)}
        fill="none"
        stroke="currentColor"
        strokeWidth={1.25}
        strokeLinejoin="round"
        strokeLinecap="round"
      />
    </svg>
  );
}

import type { CheckSummary } from '@vigil/domain';

export interface RecentRun {
  readonly passed: boolean;
  readonly durationMs: number;
}

/** A check's last runs from the summary, oldest first; none when the server sent none. */
export function recentRuns(check: Pick<CheckSummary, 'recent'>): RecentRun[] {
  const recent = check.recent;
  if (!recent) return [];
  return [...recent.statuses].map((s, i) => ({
    passed: s === '1',
    durationMs: recent.durations[i] ?? 0,
  }));
}

/**
 * SVG polyline points for durations in a width × height box: oldest at the left, the slowest
 * run at the top, with a pixel of padding so the stroke is not clipped. One run is a flat line.
 */
export function sparklinePoints(durations: readonly number[], width: number, height: number) {
  if (durations.length === 0) return '';
  const max = Math.max(...durations);
  const min = Math.min(...durations);
  const span = max - min || 1;
  const step = durations.length > 1 ? (width - 2) / (durations.length - 1) : 0;
  const y = (ms: number) => (max === min ? height / 2 : 1 + ((max - ms) / span) * (height - 2));
  const points = durations.map((ms, i) => `${round(1 + i * step)},${round(y(ms))}`);
  return durations.length === 1
    ? `1,${round(y(durations[0] ?? 0))} ${width - 1},${round(y(durations[0] ?? 0))}`
    : points.join(' ');
}

function round(n: number): number {
  return Math.round(n * 10) / 10;
}

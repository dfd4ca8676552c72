import { rangeMinutes } from './dashboard-range.ts';

/** Health refresh options (spec §9), stored locally. Values in ms; 0 is None. */
export const refreshOptions: ReadonlyArray<readonly [string, number]> = [
  ['None', 0],
  ['15s', 15_000],
  ['30s', 30_000],
  ['60s', 60_000],
  ['2m', 120_000],
  ['3m', 180_000],
  ['5m', 300_000],
  ['10m', 600_000],
  ['15m', 900_000],
];

export const refreshStorageKey = 'vigil.health.refreshRate';

export function readRefreshRate(stored: string | null): string {
  return refreshOptions.some(([label]) => label === stored) && stored !== null ? stored : 'None';
}

export function refreshMsOf(label: string): number {
  return refreshOptions.find(([option]) => option === label)?.[1] ?? 0;
}

/**
 * Refresh rates too short for a time range: a window of an hour or more does not change in
 * 15 or 30 seconds, and one of three hours or more not in 2 or 3 minutes.
 */
export function disabledRefreshRates(timeRange: string): ReadonlySet<string> {
  const minutes = rangeMinutes(timeRange) ?? 0;
  const disabled = new Set<string>();
  if (minutes >= 60) ['15s', '30s'].forEach((rate) => disabled.add(rate));
  if (minutes >= 180) ['2m', '3m'].forEach((rate) => disabled.add(rate));
  return disabled;
}

/** The stored rate, or the next longer allowed one when the time range disables it. */
export function effectiveRefreshRate(stored: string, timeRange: string): string {
  const disabled = disabledRefreshRates(timeRange);
  if (!disabled.has(stored)) return stored;
  const storedMs = refreshMsOf(stored);
  return refreshOptions.find(([label, ms]) => ms > storedMs && !disabled.has(label))?.[0] ?? 'None';
}

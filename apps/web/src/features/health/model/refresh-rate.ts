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

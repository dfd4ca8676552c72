/** Time-range choices of spec §9 with their window length in minutes. */
export const timeRangeMinutes: ReadonlyArray<readonly [string, number]> = [
  ['15m', 15],
  ['1h', 60],
  ['2h', 120],
  ['3h', 180],
  ['6h', 360],
  ['12h', 720],
  ['1d', 1440],
  ['2d', 2880],
  ['3d', 4320],
  ['1w', 10080],
  ['2w', 20160],
  ['3w', 30240],
  ['1mo', 43200],
  ['2mo', 86400],
  ['3mo', 129600],
  ['6mo', 259200],
  ['1y', 518400],
  ['2y', 1036800],
  ['3y', 1555200],
  ['5y', 2592000],
];

export const timeRangeChoices: readonly string[] = timeRangeMinutes.map(([range]) => range);
export const defaultTimeRange = '1h';

/** The window of a time range in minutes; null for one that is not a choice. */
export function minutesOf(range: string): number | null {
  return timeRangeMinutes.find(([choice]) => choice === range)?.[1] ?? null;
}

/** Spec 002 §9: the settings form's schedule set. */
export const settingsScheduleOptions = [
  '@every 30s',
  '@every 1m',
  '@every 5m',
  '@every 30m',
  '@hourly',
  '@every 6h',
  '@daily',
  '@weekly',
] as const;

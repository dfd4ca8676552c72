const unitMs: Record<string, number> = {
  s: 1000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
  w: 604_800_000,
};

const pattern = /^now((?:[+-]\d{1,6}(?:s|m|h|d|w|mo|y|M))*)$/;
const stepPattern = /([+-])(\d{1,6})(mo|s|m|h|d|w|y|M)/g;

/**
 * Date math used by the console's filters: `now`, `now-2d`, `now-1h+30m`, `now-1mo`, `now-1y`.
 * Returns an ISO timestamp, or undefined when the value is not date math.
 */
export function resolveDateMath(value: string, now: Date = new Date()): string | undefined {
  const match = pattern.exec(value.trim());
  if (!match) return undefined;
  const result = new Date(now.getTime());
  for (const step of (match[1] ?? '').matchAll(stepPattern)) {
    const sign = step[1] === '-' ? -1 : 1;
    const amount = sign * Number(step[2]);
    const unit = step[3] ?? 's';
    if (unit === 'mo' || unit === 'M') result.setUTCMonth(result.getUTCMonth() + amount);
    else if (unit === 'y') result.setUTCFullYear(result.getUTCFullYear() + amount);
    else result.setTime(result.getTime() + amount * (unitMs[unit] ?? 1000));
  }
  // Far past JavaScript's date range: left to PostgreSQL, which refuses it as a 400.
  return Number.isNaN(result.getTime()) ? undefined : result.toISOString();
}

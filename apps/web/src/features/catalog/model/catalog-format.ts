/** Display rules of spec 001 §2 and §9: count badges, costs, stale scrapes, cost changes. */

export const redBadgeAt = 500;
export const costChangeThreshold = 0.1;
export const staleAfterMs = 60 * 60 * 1000;

/** Above 999 in thousands with 'k+'; 500 or more is highlighted red. */
export function formatBadgeCount(count: number): { text: string; alarming: boolean } {
  const text = count > 999 ? `${Math.floor(count / 1000)}k+` : String(count);
  return { text, alarming: count >= redBadgeAt };
}

// Built once: `toLocaleString` with options builds a formatter per call, ~1 ms in a table cell.
const cents = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const dollars = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

/** Dollars with 2 decimals at or below 10, 0 above. */
export function formatCost(value: number | null | undefined): string {
  if (value === null || value === undefined) return '';
  return `$${(Math.abs(value) <= 10 ? cents : dollars).format(value)}`;
}

/** The one-day cost differs from the 30-day daily average by more than 10%. */
export function isCostChanged(
  cost1d: number | null | undefined,
  cost30d: number | null | undefined,
): boolean {
  if (cost1d === null || cost1d === undefined || cost30d === null || cost30d === undefined) {
    return false;
  }
  const average = cost30d / 30;
  if (average === 0) return cost1d > 0;
  // Rounded so that exactly 10% (1.1 against 1.0) is not flagged by a float error.
  return Math.round((Math.abs(cost1d - average) / average) * 1e6) / 1e6 > costChangeThreshold;
}

/** Last scraped at least an hour ago, and not deleted. */
export function isStale(
  lastScraped: string | null | undefined,
  deletedAt: string | null | undefined,
  now: number,
): boolean {
  if (lastScraped === null || lastScraped === undefined) return false;
  if (deletedAt !== null && deletedAt !== undefined) return false;
  return now - new Date(lastScraped).getTime() >= staleAfterMs;
}

/** 'Kubernetes::Pod' reads as provider 'Kubernetes' and kind 'Pod'. */
export function splitType(type: string): { provider: string; kind: string } {
  const at = type.indexOf('::');
  return at < 0
    ? { provider: type, kind: type }
    : { provider: type.slice(0, at), kind: type.slice(at + 2) };
}

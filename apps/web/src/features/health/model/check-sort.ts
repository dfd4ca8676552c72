import { displayLatency, uptimePercent } from './check-metrics.ts';
import type { CheckSummary } from './check-summary.ts';

export const sortColumns = ['name', 'health', 'uptime', 'latency', 'transition'] as const;
export type SortColumn = (typeof sortColumns)[number];

const healthRank: Record<string, number> = { unhealthy: 0, healthy: 1 };

function sortValue(check: CheckSummary, column: SortColumn): string | number | null {
  switch (column) {
    case 'name':
      return check.name.toLowerCase();
    case 'health':
      return healthRank[check.status ?? ''] ?? -1;
    case 'uptime':
      return uptimePercent(check);
    case 'latency':
      return displayLatency(check);
    case 'transition':
      return check.last_transition_time ? Date.parse(check.last_transition_time) : null;
  }
}

/** Stable sort; missing values always go last whatever the direction. */
export function sortChecks(
  checks: readonly CheckSummary[],
  column: SortColumn,
  desc: boolean,
): CheckSummary[] {
  return [...checks].sort((a, b) => {
    const left = sortValue(a, column);
    const right = sortValue(b, column);
    if (left === right) return a.name.localeCompare(b.name);
    if (left === null) return 1;
    if (right === null) return -1;
    const order = left < right ? -1 : 1;
    return desc ? -order : order;
  });
}

export function parseSortColumn(raw: string | null): SortColumn {
  return sortColumns.find((column) => column === raw) ?? 'name';
}

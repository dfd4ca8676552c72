import { displayLatency, uptimePercent } from './check-metrics.ts';
import type { CheckSummary } from '@vigil/domain';

export const sortColumns = ['name', 'health', 'uptime', 'latency', 'transition'] as const;
export type SortColumn = (typeof sortColumns)[number];

const healthRank: Record<string, number> = { unhealthy: 0, healthy: 1 };

function sortValue(check: CheckSummary, column: SortColumn): string | number | null {
  switch (column) {
    case 'name':
      return check.name;
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

const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/**
 * Stable sort; missing values always go last whatever the direction, ties by name. Each
 * check's key is computed once, not at every comparison (5,000 checks: 60,000 comparisons).
 */
export function sortChecks(
  checks: readonly CheckSummary[],
  column: SortColumn,
  desc: boolean,
): CheckSummary[] {
  const keyed = checks.map((check) => ({ check, value: sortValue(check, column) }));
  keyed.sort((a, b) => {
    const left = a.value;
    const right = b.value;
    if (left === right) return byName.compare(a.check.name, b.check.name);
    if (left === null) return 1;
    if (right === null) return -1;
    const order =
      typeof left === 'string' && typeof right === 'string'
        ? byName.compare(left, right)
        : left < right
          ? -1
          : 1;
    return desc ? -order : order;
  });
  return keyed.map((entry) => entry.check);
}

export function parseSortColumn(raw: string | null): SortColumn {
  return sortColumns.find((column) => column === raw) ?? 'name';
}

import type { CheckGroup } from './check-groups.ts';
import type { CheckSummary } from '@vigil/domain';

/** One line of the checks table: a group header or a check. */
export type CheckRow =
  | { kind: 'group'; key: string; group: CheckGroup }
  | { kind: 'check'; key: string; check: CheckSummary };

/** Flattens groups (each header followed by its checks) or plain checks into table lines. */
export function checkRows(
  checks: readonly CheckSummary[],
  groups: readonly CheckGroup[] | null,
): CheckRow[] {
  if (groups === null) return checks.map((check) => ({ kind: 'check', key: check.id, check }));
  const rows: CheckRow[] = [];
  for (const group of groups) {
    rows.push({ kind: 'group', key: `group:${group.key}`, group });
    for (const check of group.checks) rows.push({ kind: 'check', key: check.id, check });
  }
  return rows;
}

/** Health page sizes (spec §9); a virtual table doubles its page size at its last row. */
export const pageSizeOptions = [50, 100, 200] as const;
export const defaultPageSize = 50;

/** The page size to use once `lastVisible` (an index) is on screen: doubled at the end. */
export function grownPageSize(pageSize: number, lastVisible: number, total: number): number {
  const shown = Math.min(pageSize, total);
  return lastVisible >= shown - 1 && shown < total ? pageSize * 2 : pageSize;
}

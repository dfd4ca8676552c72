import type { CheckSummary } from '@vigil/domain';
import { groupHealth, isHealthy, type GroupHealth } from './health-colour.ts';

export const fixedGroupByOptions = [
  'no-group',
  'canary_name',
  'name',
  'description',
  'type',
] as const;
export const defaultGroupBy = 'canary_name';

export interface CheckGroup {
  key: string;
  checks: CheckSummary[];
  health: GroupHealth;
  passing: number;
  total: number;
}

/** The group key of a check; `name` groups by the part before the first '/'. Label keys use `label:<key>`. */
export function groupKeyOf(check: CheckSummary, groupBy: string): string {
  if (groupBy === 'canary_name') return check.canary_name ?? '';
  if (groupBy === 'description') return check.description ?? '';
  if (groupBy === 'type') return check.type ?? '';
  if (groupBy === 'name') {
    const slash = check.name.indexOf('/');
    return slash < 0 ? check.name : check.name.slice(0, slash);
  }
  if (groupBy.startsWith('label:')) return check.labels?.[groupBy.slice('label:'.length)] ?? '';
  return '';
}

/** Groups in first-seen order of the (already sorted) checks; null for no-group. */
export function groupChecks(checks: readonly CheckSummary[], groupBy: string): CheckGroup[] | null {
  if (groupBy === 'no-group' || groupBy === '') return null;
  const byKey = new Map<string, CheckSummary[]>();
  for (const check of checks) {
    const key = groupKeyOf(check, groupBy);
    const members = byKey.get(key);
    if (members === undefined) byKey.set(key, [check]);
    else members.push(check);
  }
  return [...byKey.entries()].map(([key, members]) => {
    const statuses = members.map((check) => check.status);
    return {
      key,
      checks: members,
      health: groupHealth(statuses),
      passing: statuses.filter(isHealthy).length,
      total: members.length,
    };
  });
}

export const fixedTabByOptions = ['namespace', 'agent'] as const;
/** The tab that shows every check; the other tabs are the values of the Tab By key. */
export const allTab = 'All';

/** Tabs by namespace, by agent, or by a label key (`label:<key>`). */
export function tabKeyOf(check: CheckSummary, tabBy: string): string {
  if (tabBy === 'namespace') return check.namespace ?? check.canary_namespace ?? '';
  if (tabBy === 'agent') return check.agent_name ?? '';
  if (tabBy.startsWith('label:')) return check.labels?.[tabBy.slice('label:'.length)] ?? '';
  return '';
}

/** The All tab, then each value of the Tab By key with its count, by name; '' is '(none)'. */
export function tabsOf(
  checks: readonly CheckSummary[],
  tabBy: string,
): Array<{ key: string; count: number }> {
  const counts = new Map<string, number>();
  for (const check of checks) {
    const key = tabKeyOf(check, tabBy);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const keys = [...counts.keys()].sort((a, b) => a.localeCompare(b));
  return [
    { key: allTab, count: checks.length },
    ...keys.map((key) => ({ key, count: counts.get(key) ?? 0 })),
  ];
}

export function inTab(checks: readonly CheckSummary[], tabBy: string, tab: string): CheckSummary[] {
  if (tab === allTab) return [...checks];
  return checks.filter((check) => tabKeyOf(check, tabBy) === tab);
}

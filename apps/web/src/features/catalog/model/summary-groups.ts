import type { CatalogSummaryRequest, CatalogSummaryRow } from '@vigil/domain';
import { splitType } from './catalog-format.ts';
import type { CatalogUrlState } from './catalog-url-state.ts';

const builtIn = new Set(['name', 'analysis', 'changed', 'type', 'provider']);

/** The summary call for the list's state: provider (config_class) then type by default. */
export function summaryRequest(
  state: CatalogUrlState,
  hideDeleted: boolean,
): CatalogSummaryRequest {
  const tag = state.groupBy && !builtIn.has(state.groupBy) ? state.groupBy : undefined;
  return {
    groupBy: tag ? [tag] : state.groupBy === 'type' ? ['type'] : ['config_class', 'type'],
    deleted: !hideDeleted,
    changes: { since: '30d' },
    analysis: { since: '30d' },
    cost: '30d',
  };
}

export interface SummaryLine {
  key: string;
  /** The value that a click filters on: a type, or a tag value. */
  value: string;
  label: string;
  row: CatalogSummaryRow;
}

export interface SummaryGroup {
  provider: string;
  lines: SummaryLine[];
  count: number;
}

function text(row: CatalogSummaryRow, key: string): string | undefined {
  const value = row[key];
  return typeof value === 'string' ? value : undefined;
}

/**
 * Rows under their provider (the type's prefix, else the config class), providers A to Z with
 * pinned types first in a group of their own.
 */
export function summaryGroups(
  rows: readonly CatalogSummaryRow[],
  groupKey: string,
  favourites: readonly string[],
): SummaryGroup[] {
  const pinned: SummaryLine[] = [];
  const byProvider = new Map<string, SummaryLine[]>();
  for (const [index, row] of rows.entries()) {
    const type = text(row, 'type');
    const value = text(row, groupKey) ?? '';
    const provider =
      groupKey === 'type'
        ? ((type ? splitType(type).provider : undefined) ?? text(row, 'config_class') ?? 'Other')
        : groupKey;
    const line = { key: `${index}:${value}`, value, label: value || '(none)', row };
    if (type !== undefined && favourites.includes(type)) pinned.push(line);
    const lines = byProvider.get(provider) ?? [];
    lines.push(line);
    byProvider.set(provider, lines);
  }
  const total = (lines: SummaryLine[]) => lines.reduce((sum, l) => sum + l.row.count, 0);
  const groups = [...byProvider]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([provider, lines]) => ({ provider, lines, count: total(lines) }));
  return pinned.length > 0
    ? [{ provider: 'Favourites', lines: pinned, count: total(pinned) }, ...groups]
    : groups;
}

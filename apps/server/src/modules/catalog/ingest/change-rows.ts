import type { ScrapedChange } from '../scrapers/scrape-result.ts';
import type { ChangeRow } from './changes.repository.ts';
import { fingerprintChange } from './fingerprint.ts';

/** Repeats of one fingerprint within this window count up one change instead of adding rows. */
export const repeatWindowMs = 3_600_000;

export function changeRow(change: ScrapedChange, now: Date): ChangeRow {
  const at = (change.createdAt ?? now).toISOString();
  return {
    external_change_id: change.externalChangeId ?? null,
    change_type: change.changeType,
    severity: change.severity ?? null,
    source: change.source ?? null,
    summary: change.summary ?? null,
    details: change.details ?? null,
    patches: change.patches ?? null,
    diff: change.diff ?? null,
    fingerprint: fingerprintChange(change),
    count: 1,
    first_observed: at,
    created_at: at,
    external_created_by: change.createdBy ?? null,
  };
}

/**
 * Within one batch, for each target (an item id or an orphan key): drops repeats of an
 * external change id, and folds changes of one fingerprint that follow each other within the
 * window into one row (count summed, first_observed the earliest, created_at the latest).
 */
export function collapseRepeats<T extends ChangeRow>(
  rows: readonly T[],
  targetOf: (row: T) => string,
): T[] {
  const seenExternal = new Set<string>();
  const open = new Map<string, { row: T; index: number }>();
  const out: T[] = [];
  const ordered = [...rows].sort((a, b) =>
    a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : 0,
  );
  for (const row of ordered) {
    const target = targetOf(row);
    if (row.external_change_id !== null) {
      const key = `${target}\u0000${row.external_change_id}`;
      if (seenExternal.has(key)) continue;
      seenExternal.add(key);
    }
    if (row.fingerprint === null) {
      out.push(row);
      continue;
    }
    const key = `${target}\u0000${row.fingerprint}`;
    const previous = open.get(key);
    if (
      previous &&
      Date.parse(row.created_at) - Date.parse(previous.row.created_at) <= repeatWindowMs
    ) {
      const merged: T = {
        ...previous.row,
        count: previous.row.count + row.count,
        created_at: row.created_at,
      };
      open.set(key, { row: merged, index: previous.index });
      out[previous.index] = merged;
      continue;
    }
    open.set(key, { row, index: out.length });
    out.push(row);
  }
  return out;
}

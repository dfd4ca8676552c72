import type { Database } from '../../../platform/db.ts';
import {
  cumulativeFigures,
  entryOf,
  type Figures,
  type Snapshot,
  type SummaryEntry,
} from './check-summary.ts';
import { keepMs, RawWindowMemo } from './raw-window-memo.ts';
import { checkVersions, entriesOf, type EntryRow, type VersionRow } from './summary.repository.ts';

interface KnownEntry {
  readonly version: string;
  readonly row: EntryRow;
}

interface KnownFigures extends Figures {
  readonly version: string;
}

/** The window-start snapshots a rollup summary subtracts, and when they were read. */
export interface WindowBases {
  readonly key: string;
  readonly start: Date;
  readonly bases: ReadonlyMap<string, Snapshot>;
  readonly recent: ReadonlyMap<string, Snapshot>;
  readonly rollingSince: Date;
  readonly now: number;
}

const maxWindows = 8;

/**
 * The dashboard summary kept per check between requests: a check's entry, and its figures
 * for a rollup window, are rebuilt only when its version (its row, its canary's, its agent's)
 * has changed since. A poll then reads one small row per check plus the checks that ran.
 */
export class SummaryMemo {
  readonly #entries = new Map<string, KnownEntry>();
  readonly #windows = new Map<string, Map<string, KnownFigures>>();
  readonly #raw = new RawWindowMemo();

  /** Short windows: exact figures from the raw statuses kept per check (they slide). */
  async exact(db: Database, since: Date, rollingSince: Date, now: number): Promise<SummaryEntry[]> {
    const versions = await checkVersions(db, since);
    const [figures] = await Promise.all([
      this.#raw.figures(db, versions, since, rollingSince, now),
      this.#refreshEntries(db, versions),
    ]);
    this.#prune(versions);
    return versions.flatMap((v) => {
      const known = this.#entries.get(v.id);
      const figured = figures.get(v.id);
      return known && figured ? [entryOf(known.row, figured)] : [];
    });
  }

  async #refreshEntries(db: Database, versions: readonly VersionRow[]): Promise<void> {
    const stale = versions.filter((v) => this.#entries.get(v.id)?.version !== v.version);
    const ids = stale.map((v) => v.id);
    for (const row of await entriesOf(db, ids, false)) {
      this.#entries.set(row.id, { version: row.version, row });
    }
  }

  /** Long windows: figures are the difference of cumulative totals, kept per window. */
  async cumulative(db: Database, window: WindowBases): Promise<SummaryEntry[]> {
    const versions = await checkVersions(db, window.start);
    const figures = this.#window(window.key);
    const stale = versions.filter(
      (v) =>
        figures.get(v.id)?.version !== v.version || this.#entries.get(v.id)?.version !== v.version,
    );
    for (const row of await entriesOf(
      db,
      stale.map((v) => v.id),
      true,
    )) {
      this.#entries.set(row.id, { version: row.version, row });
      const computed = cumulativeFigures(row, window.bases.get(row.id), window.recent.get(row.id));
      figures.set(row.id, { version: row.version, ...computed });
    }
    // The status strip's last runs come from the raw statuses of the last 3 hours.
    const raw = await this.#raw.figures(
      db,
      versions,
      new Date(window.now - keepMs),
      window.rollingSince,
      window.now,
    );
    this.#prune(versions);
    return versions.flatMap((v) => {
      const known = this.#entries.get(v.id);
      const figured = figures.get(v.id);
      const recent = raw.get(v.id)?.recent;
      return known && figured ? [entryOf(known.row, { ...figured, recent })] : [];
    });
  }

  #window(key: string): Map<string, KnownFigures> {
    const found = this.#windows.get(key);
    if (found) return found;
    // Window keys move on every hour: the oldest are dropped first.
    while (this.#windows.size >= maxWindows) {
      const oldest = this.#windows.keys().next();
      if (oldest.done) break;
      this.#windows.delete(oldest.value);
    }
    const created = new Map<string, KnownFigures>();
    this.#windows.set(key, created);
    return created;
  }

  /** Forgets checks that left every window, so memory follows the live checks. */
  #prune(live: readonly VersionRow[]): void {
    if (this.#entries.size <= live.length * 2 + 100) return;
    const keep = new Set(live.map((v) => v.id));
    for (const id of this.#entries.keys()) if (!keep.has(id)) this.#entries.delete(id);
    for (const figures of this.#windows.values()) {
      for (const id of figures.keys()) if (!keep.has(id)) figures.delete(id);
    }
  }
}

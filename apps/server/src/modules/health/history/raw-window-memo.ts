import type { Database } from '../../../platform/db.ts';
import { nearestRank, type Figures, type RecentRuns } from './check-summary.ts';
import { rawSince, type VersionRow } from './summary.repository.ts';

interface KeptRows {
  readonly version: string;
  /** Rows are complete from this time (ms) on. */
  since: number;
  times: number[];
  durations: number[];
  statuses: boolean[];
}

/** Rows older than this are dropped; no exact window is longer. */
export const keepMs = 3 * 3_600_000;
/** How many of a check's last runs the dashboard's status strip and sparkline show. */
export const recentRunCount = 24;
/** A bound on memory: past it the kept rows are dropped and read again when needed. */
const maxRows = 2_000_000;

/**
 * The raw statuses of short (exact) windows, kept per check between requests. Every status is
 * written in the transaction that updates its check's row (results.repository.ts), so a check
 * whose version is unchanged has no new rows: only its window's start moves.
 */
export class RawWindowMemo {
  readonly #kept = new Map<string, KeptRows>();
  #rows = 0;

  /** Figures per check over (since, now], exact; `versions` must be read before this call. */
  async figures(
    db: Database,
    versions: readonly VersionRow[],
    since: Date,
    rollingSince: Date,
    now: number,
  ): Promise<Map<string, Figures>> {
    const from = since.getTime();
    const stale = versions.filter((v) => {
      const kept = this.#kept.get(v.id);
      return !kept || kept.version !== v.version || kept.since > from;
    });
    // Read after the versions: the rows are at least as new as the version they are kept with.
    const fetched = await rawSince(
      db,
      stale.map((v) => v.id),
      since,
    );
    const byCheck = new Map(fetched.map((row) => [row.check_id, row]));
    for (const v of stale) {
      const row = byCheck.get(v.id);
      this.#replace(v.id, {
        version: v.version,
        since: from,
        times: row?.times ?? [],
        durations: row?.durations ?? [],
        statuses: row?.statuses ?? [],
      });
    }
    const out = new Map<string, Figures>();
    for (const v of versions) {
      const kept = this.#kept.get(v.id);
      if (kept) out.set(v.id, windowFigures(kept, from, rollingSince.getTime()));
    }
    this.#trim(now, versions);
    return out;
  }

  #replace(id: string, rows: KeptRows): void {
    this.#rows += rows.times.length - (this.#kept.get(id)?.times.length ?? 0);
    this.#kept.set(id, rows);
  }

  #trim(now: number, live: readonly VersionRow[]): void {
    if (this.#rows > maxRows) {
      this.#kept.clear();
      this.#rows = 0;
      return;
    }
    const oldest = now - keepMs;
    const keep = new Set(live.map((v) => v.id));
    for (const [id, kept] of this.#kept) {
      if (!keep.has(id) && this.#kept.size > live.length) {
        this.#rows -= kept.times.length;
        this.#kept.delete(id);
        continue;
      }
      const first = kept.times.findIndex((t) => t > oldest);
      const drop = first === -1 ? kept.times.length : first;
      if (drop === 0) continue;
      kept.times = kept.times.slice(drop);
      kept.durations = kept.durations.slice(drop);
      kept.statuses = kept.statuses.slice(drop);
      kept.since = Math.max(kept.since, oldest);
      this.#rows -= drop;
    }
  }
}

/** Counts, and nearest-rank percentiles (as percentile_disc), of the rows after `from`. */
export function windowFigures(
  rows: Pick<KeptRows, 'times' | 'durations' | 'statuses'>,
  from: number,
  rollingFrom: number,
): Figures {
  let passed = 0;
  let failed = 0;
  const all: number[] = [];
  const recent: number[] = [];
  for (let i = 0; i < rows.times.length; i++) {
    const time = rows.times[i] ?? 0;
    if (time <= from) continue;
    if (rows.statuses[i]) passed++;
    else failed++;
    const duration = rows.durations[i] ?? 0;
    all.push(duration);
    if (time > rollingFrom) recent.push(duration);
  }
  all.sort((a, b) => a - b);
  recent.sort((a, b) => a - b);
  return {
    recent: lastRuns(rows, from),
    uptime: { passed, failed },
    latency: {
      p95: nearestRank(all, 0.95),
      p97: nearestRank(all, 0.97),
      p99: nearestRank(all, 0.99),
      rolling1h: nearestRank(recent, 0.95),
    },
  };
}

/** The last `recentRunCount` runs after `from`, oldest first. */
export function lastRuns(
  rows: Pick<KeptRows, 'times' | 'durations' | 'statuses'>,
  from: number,
): RecentRuns {
  let first = rows.times.length;
  while (
    first > 0 &&
    rows.times.length - first < recentRunCount &&
    (rows.times[first - 1] ?? 0) > from
  ) {
    first--;
  }
  return {
    statuses: rows.statuses
      .slice(first)
      .map((ok) => (ok ? '1' : '0'))
      .join(''),
    durations: rows.durations.slice(first),
  };
}

import pg from 'pg';
import { insertCatalog, listChecks } from './summary-catalog.ts';
import { emptyHistory, foldCheck, type CheckState, type History } from './summary-history.ts';
import { profileOf, type CheckProfile, type Timeline } from './summary-profile.ts';
import { insertBuckets, insertRaw, updateChecks } from './summary-writer.ts';

export interface SeedSettings {
  readonly canaries: number;
  readonly checksPerCanary: number;
  /** Checks folded per round of inserts: about 2,000 hourly and 2,000 raw rows each. */
  readonly checksPerBatch: number;
}

export interface SeedCounts {
  readonly canaries: number;
  readonly checks: number;
  readonly raw: number;
  readonly hourly: number;
  readonly daily: number;
  readonly seconds: number;
  readonly vacuumSeconds: number;
  /** On-disk size of the three history tables (with indexes), in bytes. */
  readonly bytes: Record<string, number>;
}

export interface Seeded {
  readonly profiles: CheckProfile[];
  readonly counts: SeedCounts;
}

/**
 * Canaries and checks, then each batch of checks is folded in Node while the previous batch's
 * rows are being inserted, on their own connections.
 */
export async function seedHistory(
  db: pg.Pool,
  t: Timeline,
  settings: SeedSettings,
  progress: (text: string) => void,
): Promise<Seeded> {
  const started = performance.now();
  await db.query('select ensure_check_status_partitions($1::date, 2)', [new Date(t.rawSince)]);
  await insertCatalog(db, settings.canaries, settings.checksPerCanary, new Date(t.historyStart));
  const catalog = await listChecks(db);
  const profiles = catalog.map((c, i) => profileOf(i, c.id, c.canaryId, c.name, t));
  const states: CheckState[] = [];
  let pending: Promise<unknown> = Promise.resolve();
  let rows = { raw: 0, hourly: 0, daily: 0 };
  for (let from = 0; from < profiles.length; from += settings.checksPerBatch) {
    const history = emptyHistory();
    for (const p of profiles.slice(from, from + settings.checksPerBatch)) foldCheck(p, t, history);
    await pending;
    pending = write(db, history);
    states.push(...history.checks);
    rows = {
      raw: rows.raw + history.raw.time.length,
      hourly: rows.hourly + history.hours.start.length,
      daily: rows.daily + history.days.start.length,
    };
    if ((from / settings.checksPerBatch) % 50 === 0) {
      progress(`${from + history.checks.length} of ${profiles.length} checks folded`);
    }
  }
  await pending;
  await updateChecks(db, states);
  const seconds = (performance.now() - started) / 1000;
  return {
    profiles,
    counts: {
      canaries: settings.canaries,
      checks: profiles.length,
      ...rows,
      seconds,
      vacuumSeconds: 0,
      bytes: {},
    },
  };
}

async function write(db: pg.Pool, history: History): Promise<void> {
  await Promise.all([
    insertRaw(db, history.raw),
    insertBuckets(db, 'check_statuses_1h', history.hours),
    insertBuckets(db, 'check_statuses_1d', history.days),
  ]);
}

/**
 * Connections for the bulk load. As a superuser it skips the foreign-key triggers
 * (session_replication_role = replica, as pg_restore can): every row references a check
 * that exists by construction, and the checks cost about half the raw insert's time.
 */
export async function seederPool(url: string): Promise<pg.Pool> {
  const probe = new pg.Client({ connectionString: url });
  await probe.connect();
  const found = await probe
    .query<{ rolsuper: boolean }>('select rolsuper from pg_roles where rolname = current_user')
    .finally(() => probe.end());
  const replica = found.rows[0]?.rolsuper === true;
  const options = `-c synchronous_commit=off${replica ? ' -c session_replication_role=replica' : ''}`;
  const pool = new pg.Pool({ connectionString: url, max: 4, options });
  pool.on('error', () => undefined);
  return pool;
}

/** VACUUM ANALYZE of what the summary reads, and the tables' sizes. */
export async function settle(db: pg.Pool, counts: SeedCounts): Promise<SeedCounts> {
  const started = performance.now();
  for (const table of [
    'canaries',
    'checks',
    'check_statuses',
    'check_statuses_1h',
    'check_statuses_1d',
  ]) {
    await db.query(`vacuum analyze ${table}`);
  }
  const sizes = await db.query<{ name: string; bytes: string }>(
    `select name, (select coalesce(sum(pg_total_relation_size(c.oid)), 0)
                   from pg_class c where c.relname = name or c.oid in (
                     select inhrelid from pg_inherits where inhparent = name::regclass)) as bytes
     from unnest(array['check_statuses', 'check_statuses_1h', 'check_statuses_1d', 'checks']) as name`,
  );
  const bytes = Object.fromEntries(sizes.rows.map((r) => [r.name, Number(r.bytes)]));
  return { ...counts, vacuumSeconds: (performance.now() - started) / 1000, bytes };
}

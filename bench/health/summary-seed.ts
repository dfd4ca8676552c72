import pg from 'pg';
import { insertCatalog, listChecks } from './summary-catalog.ts';
import { CheckFolder, hourMs } from './summary-folder.ts';
import { emptyHistory, type History } from './summary-history.ts';
import { profileOf, type CheckProfile, type Timeline } from './summary-profile.ts';
import { withoutIndexes } from './summary-indexes.ts';
import { insertBuckets, insertRaw, updateChecks } from './summary-writer.ts';

const dayMs = 86_400_000;
const rawPerStatement = 50_000;

export interface SeedSettings {
  readonly canaries: number;
  readonly checksPerCanary: number;
  /** Hours folded per round of inserts: 5,000 hourly rows (and 60,000 raw rows) per hour. */
  readonly hoursPerBatch: number;
}

export interface SeedCounts {
  readonly canaries: number;
  readonly checks: number;
  readonly raw: number;
  readonly hourly: number;
  readonly daily: number;
  readonly seconds: number;
  readonly vacuumSeconds: number;
  /** On-disk size of the history tables and checks (with indexes), in bytes. */
  readonly bytes: Record<string, number>;
}

export interface Seeded {
  readonly profiles: CheckProfile[];
  readonly counts: SeedCounts;
}

/**
 * Canaries and checks, then the history hour by hour across all checks (so rows are stored
 * in time order, as the engine stores them); each batch of hours is folded in Node while the
 * previous batch is being inserted on other connections.
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
  const folders = profiles
    .map((p) => new CheckFolder(p, t))
    .sort((a, b) => a.profile.offsetMs - b.profile.offsetMs);
  const rows = await withoutIndexes(db, ['check_statuses_1h', 'check_statuses_1d'], () =>
    foldAndWrite(db, t, folders, settings.hoursPerBatch, progress),
  );
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

/** Every hour from the history's start to the anchor, a batch of hours at a time. */
async function foldAndWrite(
  db: pg.Pool,
  t: Timeline,
  folders: readonly CheckFolder[],
  hoursPerBatch: number,
  progress: (text: string) => void,
): Promise<{ raw: number; hourly: number; daily: number }> {
  const rounds = Math.ceil(hourMs / t.intervalMs);
  const lastHour = Math.floor(t.anchor / hourMs) * hourMs;
  let pending: Promise<unknown> = Promise.resolve();
  let rows = { raw: 0, hourly: 0, daily: 0 };
  for (let from = t.historyStart; from <= lastHour; from += hoursPerBatch * hourMs) {
    const history = emptyHistory();
    const to = Math.min(lastHour, from + (hoursPerBatch - 1) * hourMs);
    for (let hour = from; hour <= to; hour += hourMs) {
      for (const f of folders) f.beginHour(hour, history);
      for (let j = 0; j < rounds; j++) for (const f of folders) f.foldRun(j, history);
      for (const f of folders) f.endHour(history);
    }
    if (to === lastHour) for (const f of folders) f.finish(history);
    await pending;
    pending = write(db, history);
    rows = {
      raw: rows.raw + history.raw.time.length,
      hourly: rows.hourly + history.hours.start.length,
      daily: rows.daily + history.days.start.length,
    };
    if ((from - t.historyStart) % (10 * dayMs) < hoursPerBatch * hourMs) {
      progress(`${new Date(from).toISOString()}: ${rows.hourly} hourly, ${rows.raw} raw rows`);
    }
    if (to === lastHour) {
      await pending;
      await updateChecks(db, history.checks);
    }
  }
  return rows;
}

/** Raw rows go in slices per statement; the three tables are written on their own connections. */
async function write(db: pg.Pool, history: History): Promise<void> {
  const raw = history.raw;
  const statements: Array<Promise<void>> = [];
  for (let i = 0; i < raw.time.length; i += rawPerStatement) {
    const end = i + rawPerStatement;
    statements.push(
      insertRaw(db, {
        checkId: raw.checkId.slice(i, end),
        time: raw.time.slice(i, end),
        duration: raw.duration.slice(i, end),
        pass: raw.pass.slice(i, end),
        error: raw.error.slice(i, end),
      }),
    );
  }
  statements.push(insertBuckets(db, 'check_statuses_1h', history.hours));
  statements.push(insertBuckets(db, 'check_statuses_1d', history.days));
  await Promise.all(statements);
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

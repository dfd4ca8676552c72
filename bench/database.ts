import { readdirSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Logger } from 'pino';
import { startEmbeddedPostgres } from '../apps/server/src/platform/embedded-postgres.ts';
import { runMigrations } from '../apps/server/src/platform/migrations.ts';

export interface BenchDatabase {
  /** Where the benchmark's own database lives, e.g. postgres://…/vigil_bench_123. */
  readonly url: string;
  readonly source: 'embedded' | 'DATABASE_URL';
  readonly serverVersion: string;
  /**
   * CPU milliseconds the embedded server has used so far (postmaster, live children and reaped
   * ones), or undefined on DATABASE_URL: a cost figure that the machine's load does not inflate.
   */
  serverCpuMs(): number | undefined;
  drop(): Promise<void>;
}

/**
 * DATABASE_URL when set, else an embedded PostgreSQL in a fresh temp dir. Either way the
 * benchmark creates its own database, migrates it, and drops it (and the temp dir) at the end.
 */
export async function createBenchDatabase(log: Logger): Promise<BenchDatabase> {
  const given = process.env.DATABASE_URL;
  let tempDir: string | undefined;
  let stopEmbedded = async (): Promise<void> => undefined;
  let adminUrl: string;
  if (given) {
    adminUrl = given;
  } else {
    tempDir = await fs.mkdtemp(path.join(os.tmpdir(), 'vigil-bench-'));
    await fs.chmod(tempDir, 0o755);
    const embedded = await startEmbeddedPostgres(tempDir, log);
    adminUrl = embedded.url;
    stopEmbedded = () => embedded.stop();
  }
  const name = `vigil_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name}`);
  await admin.query(`create database ${name}`);
  const version = await admin.query<{ server_version: string }>('show server_version');
  const url = withDatabase(adminUrl, name);
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  try {
    await runMigrations(pool, log);
  } finally {
    await pool.end();
  }
  return {
    url,
    source: given ? 'DATABASE_URL' : 'embedded',
    serverCpuMs: () => (tempDir ? postgresCpuMs(path.join(tempDir, 'pg')) : undefined),
    serverVersion: version.rows[0]?.server_version ?? 'unknown',
    async drop() {
      try {
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      } finally {
        await stopEmbedded();
        if (tempDir) await fs.rm(tempDir, { recursive: true, force: true });
      }
    },
  };
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** utime, stime, cutime, cstime (clock ticks) and ppid of a process, from /proc/<pid>/stat. */
function procTimes(pid: string): { own: number; children: number; ppid: string } | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    const n = (i: number) => Number(fields[i] ?? 0);
    return { own: n(11) + n(12), children: n(13) + n(14), ppid: fields[1] ?? '' };
  } catch {
    return undefined;
  }
}

function postgresCpuMs(pgDir: string): number | undefined {
  let postmaster: string | undefined;
  try {
    postmaster = readFileSync(path.join(pgDir, 'postmaster.pid'), 'utf8').split('\n')[0]?.trim();
  } catch {
    return undefined;
  }
  const main = postmaster ? procTimes(postmaster) : undefined;
  if (!postmaster || !main) return undefined;
  let ticks = main.own + main.children;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    const times = procTimes(pid);
    if (times?.ppid === postmaster) ticks += times.own;
  }
  return ticks * 10; // USER_HZ is 100 on Linux
}

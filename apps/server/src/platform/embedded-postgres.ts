import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Logger } from 'pino';
import { loadPostgresBinaries, type PostgresBinaries } from './embedded-postgres-binaries.ts';
import { claimOwnership, releaseOwnership } from './embedded-postgres-owner.ts';
import { recoverFromCrash, stopProcess } from './embedded-postgres-recovery.ts';
import { Supervisor, type Running, type Supervision } from './embedded-postgres-supervisor.ts';
import {
  assertReachableByPostgres,
  loadOrCreateState,
  stateFile,
  type EmbeddedState,
} from './embedded-postgres-state.ts';
import { ensurePostgresOsUser, type OsUser } from './os-user.ts';
import { isPortFree } from './ports.ts';

export interface EmbeddedPostgres {
  readonly url: string;
  readonly port: number;
  /** False when another live Vigil process runs this data dir's server and this one uses it. */
  readonly owned: boolean;
  /** Stops the server if this process runs it; a server another process runs is left alone. */
  stop(): Promise<void>;
}

export class EmbeddedPostgresError extends Error {}

const databaseName = 'vigil';

/**
 * Starts the data dir's server, or connects to the one another live Vigil process runs. With
 * `supervision`, a server that dies (or whose owner exits) is started again with backoff.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  log: Logger,
  supervision?: Supervision,
): Promise<EmbeddedPostgres> {
  const site = await prepare(dataDir, log);
  const base = `postgres://postgres:${encodeURIComponent(site.state.password)}@127.0.0.1:${site.state.port}`;
  const acquire = (): Promise<Running> => acquireServer(site, `${base}/postgres`, log);
  const supervisor = new Supervisor(await acquire(), acquire, log, supervision);
  const stopOnExit = (): void => supervisor.abandon(() => releaseOwnership(dataDir));
  process.once('exit', stopOnExit);
  log.info({ port: site.state.port, owned: supervisor.owned }, 'embedded PostgreSQL is ready');
  return {
    url: `${base}/${databaseName}`,
    port: site.state.port,
    owned: supervisor.owned,
    async stop() {
      process.removeListener('exit', stopOnExit);
      await supervisor.stop();
      releaseOwnership(dataDir);
    },
  };
}

interface Site {
  readonly dataDir: string;
  readonly pgDir: string;
  readonly binaries: PostgresBinaries;
  readonly user: OsUser | undefined;
  readonly state: EmbeddedState;
}

async function prepare(dataDir: string, log: Logger): Promise<Site> {
  await fs.mkdir(dataDir, { recursive: true });
  await assertReachableByPostgres(dataDir).catch((error: unknown) => {
    throw new EmbeddedPostgresError(error instanceof Error ? error.message : String(error));
  });
  const pgDir = path.join(dataDir, 'pg');
  const [binaries, user, state] = await Promise.all([
    loadPostgresBinaries(),
    ensurePostgresOsUser(),
    loadOrCreateState(dataDir),
  ]);
  const site = { dataDir, pgDir, binaries, user, state };
  if (!(await exists(path.join(pgDir, 'PG_VERSION')))) {
    const claim = await claimOwnership(dataDir);
    if (claim.kind === 'claimed') {
      log.info({ pgDir }, 'initialising the embedded PostgreSQL data directory');
      await initialise(binaries, pgDir, state, user).finally(() => releaseOwnership(dataDir));
    }
  }
  return site;
}

/** Launches the server as its owner, or, when a live Vigil process owns it, connects to it. */
async function acquireServer(site: Site, adminUrl: string, log: Logger): Promise<Running> {
  const claim = await claimOwnership(site.dataDir);
  if (claim.kind === 'taken') {
    log.info({ ownerPid: claim.owner.pid }, 'using the embedded PostgreSQL another Vigil runs');
    await waitUntilReachable(adminUrl, 60_000);
    return { kind: 'attached', owner: claim.owner };
  }
  let child: ChildProcess | undefined;
  try {
    // Only a postmaster whose owner is gone can be left now: we own the data dir.
    await recoverFromCrash(site.pgDir, log);
    if (!(await isPortFree(site.state.port))) {
      throw new EmbeddedPostgresError(
        `embedded PostgreSQL port ${site.state.port} is already in use by another process; ` +
          `stop that process, or delete ${stateFile(site.dataDir)} to choose a new free port`,
      );
    }
    child = await launch(site.binaries, site.pgDir, site.state.port, site.user, log);
    await ensureDatabase(adminUrl);
    return { kind: 'owned', child };
  } catch (error) {
    if (child?.pid !== undefined && child.exitCode === null) await stopProcess(child.pid);
    releaseOwnership(site.dataDir);
    throw error;
  }
}

async function waitUntilReachable(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const client = new pg.Client({ connectionString: url });
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.end();
      return;
    } catch (error) {
      await client.end().catch(() => undefined);
      if (Date.now() > deadline) {
        throw new EmbeddedPostgresError(
          'the embedded PostgreSQL another Vigil runs is not reachable',
          {
            cause: error,
          },
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

async function initialise(
  binaries: PostgresBinaries,
  pgDir: string,
  state: EmbeddedState,
  user: OsUser | undefined,
): Promise<void> {
  await fs.mkdir(pgDir, { recursive: true, mode: 0o700 });
  const pwFile = path.join(os.tmpdir(), `vigil-pg-${process.pid}-${Date.now()}`);
  await fs.writeFile(pwFile, `${state.password}\n`, { mode: 0o600 });
  try {
    if (user) {
      await fs.chown(pgDir, user.uid, user.gid);
      await fs.chown(pwFile, user.uid, user.gid);
    }
    const args = [`--pgdata=${pgDir}`, '--auth=scram-sha-256', '--username=postgres'];
    args.push(`--pwfile=${pwFile}`, '--encoding=UTF8', '--no-locale');
    await runToCompletion(binaries.initdb, args, user);
  } finally {
    await fs.rm(pwFile, { force: true });
  }
}

function runToCompletion(file: string, args: string[], user: OsUser | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { ...user, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new EmbeddedPostgresError(`initdb failed: ${stderr.trim()}`)),
    );
  });
}

/** Own process group, so a terminal's Ctrl-C reaches only Vigil, which drains and then stops it. */
function launch(
  binaries: PostgresBinaries,
  pgDir: string,
  port: number,
  user: OsUser | undefined,
  log: Logger,
): Promise<ChildProcess> {
  const args = ['-D', pgDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1'];
  args.push('-c', 'unix_socket_directories=', '-c', 'max_connections=200');
  const child = spawn(binaries.postgres, args, {
    ...user,
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let recent = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      recent = (recent + text).slice(-4000);
      for (const line of text.split('\n').filter(Boolean))
        log.debug({ postgres: line }, 'postgres');
      if (text.includes('database system is ready to accept connections')) resolve(child);
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      reject(
        new EmbeddedPostgresError(`embedded PostgreSQL exited (${code}): ${lastLines(recent)}`),
      ),
    );
  });
}

async function ensureDatabase(adminUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [
      databaseName,
    ]);
    if (found.rowCount === 0) await client.query(`create database ${databaseName}`);
  } finally {
    await client.end();
  }
}

function lastLines(text: string): string {
  return text.trim().split('\n').slice(-3).join(' | ');
}

async function exists(file: string): Promise<boolean> {
  return fs.access(file).then(
    () => true,
    () => false,
  );
}

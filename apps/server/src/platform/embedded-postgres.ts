import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Logger } from 'pino';
import { loadPostgresBinaries, type PostgresBinaries } from './embedded-postgres-binaries.ts';
import { recoverFromCrash, stopProcess } from './embedded-postgres-recovery.ts';
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
  stop(): Promise<void>;
}

export class EmbeddedPostgresError extends Error {}

const databaseName = 'vigil';

export async function startEmbeddedPostgres(
  dataDir: string,
  log: Logger,
): Promise<EmbeddedPostgres> {
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
  if (!(await exists(path.join(pgDir, 'PG_VERSION')))) {
    log.info({ pgDir }, 'initialising the embedded PostgreSQL data directory');
    await initialise(binaries, pgDir, state, user);
  }
  await recoverFromCrash(pgDir, log);
  if (!(await isPortFree(state.port))) {
    throw new EmbeddedPostgresError(
      `embedded PostgreSQL port ${state.port} is already in use by another process; ` +
        `stop that process, or delete ${stateFile(dataDir)} to choose a new free port`,
    );
  }
  const child = await launch(binaries, pgDir, state.port, user, log);
  const stopOnExit = (): void => void child.kill('SIGINT');
  process.once('exit', stopOnExit);
  const base = `postgres://postgres:${encodeURIComponent(state.password)}@127.0.0.1:${state.port}`;
  await ensureDatabase(`${base}/postgres`);
  log.info({ port: state.port }, 'embedded PostgreSQL is ready');
  return {
    url: `${base}/${databaseName}`,
    port: state.port,
    async stop() {
      process.removeListener('exit', stopOnExit);
      if (child.pid !== undefined && child.exitCode === null) await stopProcess(child.pid);
    },
  };
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

import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { runningLinePattern } from '../apps/server/src/cli/running-line.ts';
import { serverNodeFlags } from '../apps/server/src/platform/heap.ts';
import { serverMain } from '../scripts/lib/prepare.mjs';

export interface RunningServer {
  readonly baseUrl: string;
  stop(): Promise<void>;
}

const root = path.resolve(import.meta.dirname, '..');

/** Everything the server prints during the run (e2e/tests/zz-security.spec.ts reads it). */
export const serverLogPath = path.join(root, 'e2e', '.artifacts', 'server.log');

export interface StartOptions {
  /** Added to the server's environment (e.g. hosted mode's VIGIL_AUTH). */
  readonly env?: Readonly<Record<string, string>>;
  /** Where this server's output goes (default serverLogPath, which the security test reads). */
  readonly logPath?: string;
}

/** Starts `vigil serve` on a fresh data dir (and, with DATABASE_URL, a fresh database). */
export async function startVigil(options: StartOptions = {}): Promise<RunningServer> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'vigil-e2e-'));
  await fs.chmod(dataDir, 0o755);
  const database = process.env.DATABASE_URL
    ? await createDatabase(process.env.DATABASE_URL)
    : undefined;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    // info, so that the security test can scan what a real server writes to its log.
    LOG_LEVEL: 'info',
    VIGIL_DATA_DIR: dataDir,
    // Any free port, read back from the server: one chosen beforehand could be taken meanwhile.
    PORT: '0',
    // A consumer that always fails, for e2e/tests/event-queue.spec.ts (docs/events.md).
    VIGIL_TEST_CONSUMERS: 'on',
    // A mended check resolves its incident within seconds (e2e/tests/incident-flows.spec.ts).
    VIGIL_DEFINITION_OF_DONE_EVERY: '5s',
    ...options.env,
  };
  if (database) env.DATABASE_URL = database.url;
  else delete env.DATABASE_URL;
  const args = [...serverNodeFlags, serverMain, 'serve'];
  const child = spawn(process.execPath, args, {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logPath = options.logPath ?? serverLogPath;
  await fs.mkdir(path.dirname(logPath), { recursive: true });
  const log = createWriteStream(logPath);
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  // A server that never came up would otherwise outlive the run, with its PostgreSQL.
  const baseUrl = await untilHealthy(child).catch(async (error: unknown) => {
    await stopChild(child);
    await database?.drop();
    await fs.rm(dataDir, { recursive: true, force: true });
    throw error;
  });
  return {
    baseUrl,
    async stop() {
      await stopChild(child);
      await database?.drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function untilHealthy(child: ChildProcess): Promise<string> {
  const baseUrl = `http://127.0.0.1:${await reportedPort(child)}`;
  await waitForHealth(baseUrl, child);
  return baseUrl;
}

async function waitForHealth(baseUrl: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`vigil serve exited with ${child.exitCode}`);
    const ok = await fetch(`${baseUrl}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('vigil serve did not become healthy within 60 s');
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** The port `vigil serve` prints once it listens (its `runningLine`). */
function reportedPort(child: ChildProcess): Promise<number> {
  return new Promise((resolve, reject) => {
    let printed = '';
    const timer = setTimeout(
      () => done(new Error('vigil serve printed no URL within 120 s')),
      // A first start initialises PostgreSQL and runs every migration: slow on a loaded machine.
      120_000,
    );
    const onData = (chunk: Buffer): void => {
      printed += chunk.toString('utf8');
      const port = runningLinePattern.exec(printed)?.[1];
      if (port) done(Number(port));
    };
    const onExit = (code: number | null): void =>
      done(new Error(`vigil serve exited with ${code}`));
    const done = (outcome: number | Error): void => {
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      child.off('exit', onExit);
      if (outcome instanceof Error) reject(outcome);
      else resolve(outcome);
    };
    child.stdout?.on('data', onData);
    child.once('exit', onExit);
  });
}

async function createDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `vigil_e2e_${process.pid}_${Date.now()}`;
  const admin = async (text: string): Promise<void> => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(text).finally(() => client.end());
  };
  await admin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

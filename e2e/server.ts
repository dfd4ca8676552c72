import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { serverNodeFlags } from '../apps/server/src/platform/heap.ts';
import { serverMain } from '../scripts/lib/prepare.mjs';

export interface RunningServer {
  readonly baseUrl: string;
  stop(): Promise<void>;
}

const root = path.resolve(import.meta.dirname, '..');

/** Everything the server prints during the run (e2e/tests/zz-security.spec.ts reads it). */
export const serverLogPath = path.join(root, 'e2e', '.artifacts', 'server.log');

/** Starts `vigil serve` on a fresh data dir (and, with DATABASE_URL, a fresh database). */
export async function startVigil(): Promise<RunningServer> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'vigil-e2e-'));
  await fs.chmod(dataDir, 0o755);
  const port = await freePort();
  const database = process.env.DATABASE_URL
    ? await createDatabase(process.env.DATABASE_URL)
    : undefined;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    // info, so that the security test can scan what a real server writes to its log.
    LOG_LEVEL: 'info',
    VIGIL_DATA_DIR: dataDir,
    PORT: String(port),
    // A consumer that always fails, for e2e/tests/event-queue.spec.ts (docs/events.md).
    VIGIL_TEST_CONSUMERS: 'on',
  };
  if (database) env.DATABASE_URL = database.url;
  else delete env.DATABASE_URL;
  const args = [...serverNodeFlags, serverMain, 'serve'];
  const child = spawn(process.execPath, args, {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await fs.mkdir(path.dirname(serverLogPath), { recursive: true });
  const log = createWriteStream(serverLogPath);
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHealth(baseUrl, child);
  return {
    baseUrl,
    async stop() {
      await stopChild(child);
      await database?.drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
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

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
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

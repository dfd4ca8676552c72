import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ensureServerBuild, serverMain } from '../../../../scripts/lib/prepare.mjs';
import { runningLinePattern } from '../../src/cli/running-line.ts';
import { serverNodeFlags } from '../../src/platform/heap.ts';

/** A `vigil serve` of the built bundle on its own embedded PostgreSQL, with everything it logs. */
export interface ServeProcess {
  readonly baseUrl: string;
  readonly dataDir: string;
  readonly child: ChildProcess;
  /** stdout and stderr so far (pino's JSON lines). */
  output(): string;
  stop(): Promise<void>;
}

const env = (dataDir: string): NodeJS.ProcessEnv => {
  const vars: NodeJS.ProcessEnv = { ...process.env, VIGIL_DATA_DIR: dataDir, LOG_LEVEL: 'info' };
  delete vars.DATABASE_URL;
  return vars;
};

/** A fresh data dir (traversable by the postgres user when the tests run as root). */
export async function newDataDir(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'vigil-embedded-serve-'));
  await fs.chmod(dir, 0o755);
  return dir;
}

export async function startServe(dataDir: string): Promise<ServeProcess> {
  ensureServerBuild();
  const child = spawn(process.execPath, [...serverNodeFlags, serverMain, 'serve'], {
    env: { ...env(dataDir), PORT: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const port = new Promise<number>((resolve, reject) => {
    const read = (chunk: Buffer): void => {
      output += chunk.toString('utf8');
      const match = runningLinePattern.exec(output);
      if (match) resolve(Number(match[1]));
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code) => reject(new Error(`vigil serve exited (${code}):\n${output}`)));
  });
  const baseUrl = `http://127.0.0.1:${await port}`;
  return {
    baseUrl,
    dataDir,
    child,
    output: () => output,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      const force = setTimeout(() => child.kill('SIGKILL'), 20_000);
      child.kill('SIGTERM');
      await exited;
      clearTimeout(force);
    },
  };
}

export interface Finished {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs a `vigil` CLI verb of the built bundle on the data dir, to completion. */
export function runVigil(
  dataDir: string,
  args: readonly string[],
  extra: NodeJS.ProcessEnv = {},
): Promise<Finished> {
  ensureServerBuild();
  const child = spawn(process.execPath, [serverMain, ...args], {
    env: { ...env(dataDir), ...extra },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stdout, stderr })));
}

/** The pid of the data dir's running postmaster, from its postmaster.pid. */
export async function postmasterPid(dataDir: string): Promise<number> {
  const text = await fs.readFile(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8');
  return Number(text.split('\n')[0]);
}

export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

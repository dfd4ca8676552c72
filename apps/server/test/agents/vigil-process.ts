import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const main = path.join(import.meta.dirname, '../../src/main.ts');

/** A `vigil` child process, with its output kept for assertions and for failures. */
export interface VigilProcess {
  readonly child: ChildProcess;
  output(): string;
  /**
   * Resolves when the output from `from` on matches (or rejects after timeoutMs). It resolves
   * from the output handler itself, so the caller acts before the process runs much further.
   */
  waitFor(pattern: RegExp, timeoutMs?: number, from?: number): Promise<void>;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

export function spawnVigil(args: readonly string[], env: NodeJS.ProcessEnv): VigilProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', main, ...args], {
    env: { ...process.env, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const waiters = new Set<() => void>();
  const append = (chunk: Buffer): void => {
    output += chunk.toString('utf8');
    for (const waiter of waiters) waiter();
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    child,
    output: () => output,
    waitFor(pattern, timeoutMs = 60_000, from = 0) {
      return new Promise((resolve, reject) => {
        const check = (): void => {
          if (!pattern.test(output.slice(from))) return;
          cleanup();
          resolve();
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(
            new Error(`timed out waiting for ${String(pattern)}; output:\n${output.slice(-4000)}`),
          );
        }, timeoutMs);
        const cleanup = (): void => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    async stop(signal = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill(signal);
      await exited;
    },
  };
}

/**
 * The port a process started on port 0 reports in its start-up line. Choosing a free port
 * beforehand races with every other test binding one while the child starts.
 */
export function reportedPort(output: string, line: RegExp): number {
  const port = Number(line.exec(output)?.[1]);
  if (!Number.isInteger(port) || port <= 0) throw new Error(`no port reported in:\n${output}`);
  return port;
}

/** The token tests send to read an agent's or upstream's /api/metrics. */

import { spawn, type ChildProcess } from 'node:child_process';

export interface Child {
  readonly pid: number;
  readonly process: ChildProcess;
  /** Resolves with the first stdout line matching `pattern` (its first group), or rejects. */
  waitFor(pattern: RegExp, timeoutMs: number): Promise<string>;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves once the process has exited. */
  stop(graceMs: number): Promise<void>;
  /** The last lines it printed, for error messages. */
  tail(): string;
  /** Lines that matched `notable` (e.g. warnings in the server's JSON log), the first 50. */
  readonly notable: string[];
  /** Calls `listener` with every later line, as it arrives. */
  onLine(listener: (line: string) => void): void;
}

/** A node process run directly (no npm/npx wrapper), so its PID is the one measured. */
export function spawnNode(
  args: readonly string[],
  env: Record<string, string>,
  cwd: string,
  notablePattern?: RegExp,
): Child {
  const child = spawn(process.execPath, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (child.pid === undefined) throw new Error(`could not start node ${args.join(' ')}`);
  const pid = child.pid;
  const lines: string[] = [];
  const waiters: Array<(line: string) => void> = [];
  const notable: string[] = [];
  const listeners: Array<(line: string) => void> = [];
  const partial = { stdout: '', stderr: '' };
  const collect = (stream: 'stdout' | 'stderr', chunk: Buffer): void => {
    const parts = (partial[stream] + chunk.toString('utf8')).split('\n');
    partial[stream] = parts.pop() ?? '';
    for (const line of parts) {
      if (!line) continue;
      for (const listener of listeners) listener(line);
      lines.push(line);
      if (lines.length > 40) lines.shift();
      if (notablePattern?.test(line) && notable.length < 50) notable.push(line);
      for (const waiter of waiters) waiter(line);
    }
  };
  child.stdout.on('data', (chunk: Buffer) => collect('stdout', chunk));
  child.stderr.on('data', (chunk: Buffer) => collect('stderr', chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const tail = (): string => lines.join('\n');
  return {
    pid,
    process: child,
    tail,
    notable,
    onLine: (listener) => void listeners.push(listener),
    waitFor(pattern, timeoutMs) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no "${pattern.source}" in ${timeoutMs} ms:\n${tail()}`)),
          timeoutMs,
        );
        const seen = (line: string): void => {
          const match = pattern.exec(line);
          if (!match) return;
          clearTimeout(timer);
          resolve(match[1] ?? match[0]);
        };
        for (const line of lines) seen(line);
        waiters.push(seen);
        void exited.then(() => {
          clearTimeout(timer);
          reject(
            new Error(`exited (code ${child.exitCode}) before "${pattern.source}":\n${tail()}`),
          );
        });
      });
    },
    async stop(graceMs) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Runs a node command to completion; rejects with its output when it fails. */
export async function runNode(
  args: readonly string[],
  env: Record<string, string>,
  cwd: string,
  timeoutMs: number,
): Promise<string> {
  const child = spawnNode(args, env, cwd);
  const timer = setTimeout(() => child.process.kill('SIGKILL'), timeoutMs);
  const code = await new Promise<number | null>((resolve) =>
    child.process.once('exit', (exitCode) => resolve(exitCode)),
  );
  clearTimeout(timer);
  if (code !== 0) throw new Error(`node ${args.join(' ')} exited with ${code}:\n${child.tail()}`);
  return child.tail();
}

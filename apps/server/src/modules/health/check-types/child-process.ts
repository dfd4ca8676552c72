import { spawn } from 'node:child_process';

export interface ProcessRequest {
  readonly command: string;
  readonly args: readonly string[];
  /** The whole environment of the child: nothing is inherited. */
  readonly env: Readonly<Record<string, string>>;
  readonly cwd?: string;
  readonly signal: AbortSignal;
  /** Bytes kept of stdout and of stderr each; the rest is dropped. */
  readonly maxOutputBytes?: number;
}

export interface ProcessResult {
  readonly stdout: string;
  readonly stderr: string;
  /** The exit status, or -1 when a signal ended the process (as Go reports it). */
  readonly exitCode: number;
  /** Set when the process could not start (e.g. ENOENT for a missing binary). */
  readonly spawnError?: NodeJS.ErrnoException;
  /** The signal ended the run before the process finished; its group was killed. */
  readonly aborted: boolean;
  readonly truncated: boolean;
  readonly elapsedMs: number;
}

const defaultMaxOutput = 1024 * 1024;

/**
 * Runs a command in its own process group and collects its output. When `signal` aborts, and
 * also once the command exits, the whole group is killed, so background children started by a
 * script never outlive its check.
 */
export function runProcess(request: ProcessRequest): Promise<ProcessResult> {
  const started = performance.now();
  const limit = request.maxOutputBytes ?? defaultMaxOutput;
  const stdout = new CappedText(limit);
  const stderr = new CappedText(limit);
  return new Promise((resolve) => {
    let aborted = request.signal.aborted;
    let spawnError: NodeJS.ErrnoException | undefined;
    const child = spawn(request.command, [...request.args], {
      cwd: request.cwd,
      env: request.env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const killGroup = () => {
      if (child.pid === undefined) return;
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // The group is already gone.
      }
    };
    let exited = false;
    const onAbort = () => {
      aborted = !exited;
      killGroup();
    };
    if (aborted) killGroup();
    else request.signal.addEventListener('abort', onAbort, { once: true });
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    let lingering: NodeJS.Timeout | undefined;
    child.once('exit', () => {
      exited = true;
      killGroup();
      // A grandchild that left the group may still hold the pipes open: stop waiting for it.
      lingering = setTimeout(() => {
        child.stdout.destroy();
        child.stderr.destroy();
      }, 2000);
    });
    child.once('error', (error) => {
      spawnError = error;
    });
    child.once('close', (code) => {
      request.signal.removeEventListener('abort', onAbort);
      clearTimeout(lingering);
      resolve({
        stdout: stdout.text(),
        stderr: stderr.text(),
        exitCode: code ?? -1,
        spawnError,
        aborted,
        truncated: stdout.truncated || stderr.truncated,
        elapsedMs: Math.round(performance.now() - started),
      });
    });
  });
}

/** Keeps the first `limit` bytes of a stream. */
class CappedText {
  private readonly chunks: Buffer[] = [];
  private size = 0;
  truncated = false;

  constructor(private readonly limit: number) {}

  push(chunk: Buffer): void {
    const room = this.limit - this.size;
    if (room <= 0) {
      this.truncated = true;
      return;
    }
    const kept = chunk.length > room ? chunk.subarray(0, room) : chunk;
    if (kept !== chunk) this.truncated = true;
    this.chunks.push(kept);
    this.size += kept.length;
  }

  text(): string {
    return Buffer.concat(this.chunks).toString('utf8');
  }
}

/** Host variables a script may see besides its own `env` (the rest of the server's stay out). */
const inheritedNames = [
  'PATH',
  'HOME',
  'USER',
  'LANG',
  'LC_ALL',
  'LC_CTYPE',
  'TERM',
  'TZ',
  'TMPDIR',
];

/** A minimal environment from the host, overlaid with `extra`. */
export function minimalEnvironment(
  extra: Readonly<Record<string, string>> = {},
): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of inheritedNames) {
    const value = process.env[name];
    if (value !== undefined) env[name] = value;
  }
  env.PATH ??= '/usr/local/bin:/usr/bin:/bin';
  return { ...env, ...extra };
}

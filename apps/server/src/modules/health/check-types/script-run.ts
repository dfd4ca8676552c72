import { runProcess, type ProcessResult } from './child-process.ts';

export interface ScriptOutput {
  readonly stdout: string;
  readonly stderr: string;
  readonly exitCode: number;
}

/** Runs `script` with `bash -c` in `cwd`; the process group dies with `signal`. */
export function runScript(
  script: string,
  env: Readonly<Record<string, string>>,
  cwd: string,
  signal: AbortSignal,
): Promise<ProcessResult> {
  return runProcess({ command: 'bash', args: ['-c', script], env, cwd, signal });
}

/** The output as canary-checker exposes it (`stdout`, `stderr`, `exitCode`), trimmed. */
export function scriptOutput(result: ProcessResult): ScriptOutput {
  return {
    stdout: result.stdout.trim(),
    stderr: result.stderr.trim(),
    exitCode: result.exitCode,
  };
}

const maxErrorChars = 4000;

/** Why the run failed, or undefined when it exited 0. */
export function scriptFailure(result: ProcessResult, timeoutMs: number): string | undefined {
  if (result.spawnError) return `bash could not be started: ${result.spawnError.message}`;
  if (result.aborted) return `script did not finish within ${timeoutMs}ms and was killed`;
  if (result.exitCode === 0) return undefined;
  const stderr = result.stderr.trim();
  if (stderr === '') return `exit code ${result.exitCode}`;
  const tail = stderr.length > maxErrorChars ? `…${stderr.slice(-maxErrorChars)}` : stderr;
  return `exit code ${result.exitCode}: ${tail}`;
}

/** The first line of stdout, for a passing check's message. */
export function firstLine(text: string): string | undefined {
  const line = text.split('\n', 1)[0]?.trim() ?? '';
  if (line === '') return undefined;
  return line.length > 200 ? `${line.slice(0, 200)}…` : line;
}

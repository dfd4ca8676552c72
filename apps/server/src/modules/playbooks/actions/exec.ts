import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { ActionFailed, defineActionType, mask } from './action-type.ts';

const maxOutput = 1 << 20;
const maxArtifact = 1 << 20;

const execSchema = z
  .object({
    script: z.string().min(1, 'This field is required'),
    env: z
      .array(z.object({ name: z.string().min(1), value: z.string().optional() }).loose())
      .optional(),
    artifacts: z.array(z.object({ path: z.string().min(1) }).loose()).optional(),
    checkout: z
      .object({ url: z.string().optional(), branch: z.string().optional() })
      .loose()
      .optional(),
    connections: z.record(z.string(), z.unknown()).optional(),
    setup: z.unknown().optional(),
  })
  .loose();
type ExecConfig = z.infer<typeof execSchema>;

interface Finished {
  stdout: string;
  stderr: string;
  exitCode: number | null;
}

/** Runs a command, capturing at most 1 MiB of each stream; the signal kills it. */
function run(
  command: string,
  args: readonly string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; signal: AbortSignal },
  output: (text: string) => void = () => undefined,
): Promise<Finished> {
  return new Promise((resolve, reject) => {
    const { signal, ...spawnOptions } = options;
    // Its own process group, so a stop kills what the script started too (a `sleep` holding
    // the pipes open would otherwise keep the action alive).
    const child = spawn(command, args, {
      ...spawnOptions,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const kill = () => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    };
    if (signal.aborted) kill();
    signal.addEventListener('abort', kill, { once: true });
    child.on('close', () => signal.removeEventListener('abort', kill));
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8');
    child.stderr.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      output(chunk);
      if (stdout.length < maxOutput) stdout += chunk;
    });
    child.stderr.on('data', (chunk: string) => {
      output(chunk);
      if (stderr.length < maxOutput) stderr += chunk;
    });
    child.on('error', (error) =>
      signal.aborted ? resolve({ stdout, stderr, exitCode: null }) : reject(error),
    );
    child.on('close', (exitCode) =>
      resolve({ stdout, stderr, exitCode: signal.aborted ? null : exitCode }),
    );
  });
}

/** A `#!` line names the interpreter (python3, pwsh …), run on the script's file. */
function interpreter(script: string, file: string): { command: string; args: string[] } {
  const shebang = /^#!\s*(\S+)(?:\s+(\S+))?/.exec(script);
  if (!shebang?.[1]) return { command: 'bash', args: ['-c', script] };
  const [, program, arg] = shebang;
  return { command: program.endsWith('/env') && arg ? arg : program, args: [file] };
}

async function artifacts(cwd: string, wanted: ExecConfig['artifacts'], secrets: readonly string[]) {
  const found: Array<{ path: string; size: number; content: string }> = [];
  for (const artifact of wanted ?? []) {
    const full = path.resolve(cwd, artifact.path);
    const info = await stat(full).catch(() => undefined);
    if (!info?.isFile()) continue;
    const content = info.size <= maxArtifact ? await readFile(full, 'utf8') : '';
    found.push({ path: artifact.path, size: info.size, content: mask(content, secrets) });
  }
  return found;
}

/** exec: a real child process in a scratch directory, with env, a git checkout and artifacts. */
export const execAction = defineActionType<ExecConfig>({
  kind: 'exec',
  schema: execSchema,
  async run(config, context) {
    const cwd = await mkdtemp(path.join(tmpdir(), 'vigil-exec-'));
    try {
      const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: cwd, TMPDIR: tmpdir() };
      for (const variable of config.env ?? []) env[variable.name] = variable.value ?? '';
      if (config.checkout?.url) {
        const branch = config.checkout.branch ? ['--branch', config.checkout.branch] : [];
        const cloned = await run(
          'git',
          ['clone', '--depth', '1', ...branch, config.checkout.url, 'checkout'],
          { cwd, env, signal: context.signal },
        );
        if (cloned.exitCode !== 0) throw new ActionFailed(`git clone failed: ${cloned.stderr}`);
      }
      const workDir = config.checkout?.url ? path.join(cwd, 'checkout') : cwd;
      const file = path.join(cwd, '.vigil-script');
      await writeFile(file, config.script, { mode: 0o700 });
      const { command, args } = interpreter(config.script, file);
      const done = await run(command, args, { cwd: workDir, env, signal: context.signal }, (text) =>
        context.output(text),
      );
      const result = {
        stdout: mask(done.stdout, context.secrets),
        stderr: mask(done.stderr, context.secrets),
        exitCode: done.exitCode,
        artifacts: await artifacts(workDir, config.artifacts, context.secrets),
      };
      if (done.exitCode !== 0) {
        throw new ActionFailed(
          done.exitCode === null
            ? 'the script was stopped'
            : `the script exited with code ${done.exitCode}`,
          result,
        );
      }
      return result;
    } finally {
      await rm(cwd, { recursive: true, force: true });
    }
  },
});

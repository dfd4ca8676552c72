import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { ImagePlan } from './dockerfile.ts';

/** A process started the way the image's ENTRYPOINT starts it, with its output kept. */
export interface ImageProcess {
  readonly child: ChildProcess;
  output(): string;
  waitFor(pattern: RegExp, timeoutMs: number): Promise<RegExpExecArray>;
  /** SIGTERM (as Kubernetes sends), and the exit code. */
  stop(): Promise<number | null>;
}

/** uid and gid of the image's USER line, used when this process may switch to them (root). */
export function imageUser(plan: ImagePlan): { uid: number; gid: number } | undefined {
  const [uid, gid = uid] = plan.user.split(':').map(Number);
  if (uid === undefined || gid === undefined || Number.isNaN(uid)) {
    throw new Error(`USER ${plan.user} is not numeric: runAsNonRoot cannot verify a name`);
  }
  return process.getuid?.() === 0 ? { uid, gid } : undefined;
}

/**
 * The ENTRYPOINT's argv on this host: tini is the container's PID 1 there (it reaps what
 * checks start) and is left out here, where the test runner reaps; node is this node.
 */
export function entrypointArgv(plan: ImagePlan): string[] {
  const argv = [...plan.entrypoint];
  if (argv[0]?.endsWith('/tini') && argv[1] === '--') argv.splice(0, 2);
  if (argv[0] !== 'node')
    throw new Error(`the ENTRYPOINT does not start node: ${plan.entrypoint.join(' ')}`);
  return [process.execPath, ...argv.slice(1)];
}

/** Runs the ENTRYPOINT with `args` in WORKDIR, with the image's ENV and `env` over it only. */
export function startFromImage(
  plan: ImagePlan,
  workdir: string,
  args: readonly string[],
  env: Record<string, string>,
): ImageProcess {
  const [command = '', ...rest] = entrypointArgv(plan);
  const child = spawn(command, [...rest, ...args], {
    cwd: workdir,
    env: { PATH: '/usr/local/bin:/usr/bin:/bin', ...plan.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    ...imageUser(plan),
  });
  let output = '';
  const waiters = new Set<() => void>();
  const append = (chunk: Buffer): void => {
    output += chunk.toString('utf8');
    for (const waiter of waiters) waiter();
  };
  child.stdout.on('data', append);
  child.stderr.on('data', append);
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  return {
    child,
    output: () => output,
    waitFor(pattern, timeoutMs) {
      return new Promise((resolve, reject) => {
        const check = (): void => {
          const match = pattern.exec(output);
          if (!match) return;
          done();
          resolve(match);
        };
        const timer = setTimeout(() => {
          done();
          reject(
            new Error(`no ${String(pattern)} within ${timeoutMs} ms:\n${output.slice(-4000)}`),
          );
        }, timeoutMs);
        const quit = (): void => {
          done();
          reject(new Error(`exited before ${String(pattern)}:\n${output.slice(-4000)}`));
        };
        const done = (): void => {
          clearTimeout(timer);
          waiters.delete(check);
          child.off('exit', quit);
        };
        waiters.add(check);
        child.once('exit', quit);
        check();
      });
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      child.kill('SIGTERM');
      return exited;
    },
  };
}

/** Runs the HEALTHCHECK command as the image would, to its exit code. */
export function runHealthcheck(
  plan: ImagePlan,
  workdir: string,
  port: number,
): Promise<number | null> {
  const [command, ...args] = plan.healthcheck;
  const child = spawn(command === 'node' ? process.execPath : (command ?? ''), args, {
    cwd: workdir,
    env: { PATH: '/usr/local/bin:/usr/bin:/bin', ...plan.env, PORT: String(port) },
    stdio: 'ignore',
    ...imageUser(plan),
  });
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

/** Every path under `dir` with its size and modification time, to tell that nothing changed. */
export function treeSnapshot(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (at: string): void => {
    for (const entry of fs.readdirSync(at, { withFileTypes: true })) {
      const full = path.join(at, entry.name);
      const stat = fs.lstatSync(full);
      out.set(path.relative(dir, full), `${stat.size}:${stat.mtimeMs}`);
      if (entry.isDirectory()) walk(full);
    }
  };
  walk(dir);
  return out;
}

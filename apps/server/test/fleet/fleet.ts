import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { ensureServerBuild, serverMain } from '../../../../scripts/lib/prepare.mjs';
import { runningLinePattern } from '../../src/cli/running-line.ts';
import { serverNodeFlags } from '../../src/platform/heap.ts';

/** One `vigil serve` of the built bundle on the fleet's database, named by its HOSTNAME. */
export interface Replica {
  readonly name: string;
  readonly baseUrl: string;
  readonly child: ChildProcess;
  readonly pid: number;
  /** Resolves once the process has exited, whatever ended it. */
  readonly exited: Promise<void>;
  output(): string;
}

export interface FleetOptions {
  readonly databaseUrl: string;
  readonly secretKey: string;
  /** Extra environment for every replica, e.g. VIGIL_HEALTH_SUMMARY_CACHE. */
  readonly env?: Readonly<Record<string, string>>;
}

const live = new Set<ChildProcess>();
let exitHookInstalled = false;

/** Children must not outlive the harness, whichever way it ends (a failed assertion, ^C). */
function killAllOnExit(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  const killAll = (): void => {
    for (const child of live) child.kill('SIGKILL');
  };
  process.once('exit', killAll);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      killAll();
      process.exit(130);
    });
  }
}

/** Starts replicas of `vigil serve` on one database; each prints its port once it listens. */
export class Fleet {
  readonly #dataRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-fleet-'));
  readonly replicas = new Map<string, Replica>();

  constructor(private readonly options: FleetOptions) {
    ensureServerBuild();
    killAllOnExit();
  }

  async start(name: string): Promise<Replica> {
    const dataDir = path.join(this.#dataRoot, name);
    fs.mkdirSync(dataDir, { recursive: true });
    const child = spawn(process.execPath, [...serverNodeFlags, serverMain, 'serve'], {
      env: {
        ...process.env,
        DATABASE_URL: this.options.databaseUrl,
        VIGIL_DATA_DIR: dataDir,
        VIGIL_SECRET_KEY: this.options.secretKey,
        HOSTNAME: name,
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        VIGIL_WORKERS: 'on',
        ...this.options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    live.add(child);
    let output = '';
    const exited = new Promise<void>((resolve) =>
      child.once('exit', () => {
        live.delete(child);
        resolve();
      }),
    );
    const port = new Promise<number>((resolve, reject) => {
      const read = (chunk: Buffer): void => {
        output += chunk.toString('utf8');
        if (output.length > 200_000) output = output.slice(-100_000);
        const match = runningLinePattern.exec(output);
        if (match) resolve(Number(match[1]));
      };
      child.stdout.on('data', read);
      child.stderr.on('data', read);
      void exited.then(() => reject(new Error(`replica ${name} exited:\n${output.slice(-3000)}`)));
      setTimeout(
        () => reject(new Error(`replica ${name} did not start in 120 s`)),
        120_000,
      ).unref();
    });
    const replica: Replica = {
      name,
      baseUrl: `http://127.0.0.1:${await port}`,
      child,
      pid: child.pid ?? 0,
      exited,
      output: () => output,
    };
    this.replicas.set(name, replica);
    return replica;
  }

  /** SIGKILL: no drain, no release; what it held must be taken over by the others. */
  async kill(name: string): Promise<void> {
    const replica = this.replicas.get(name);
    replica?.child.kill('SIGKILL');
    await replica?.exited;
  }

  /** SIGTERM: the replica drains, writes what it ran and gives back what it had not started. */
  async terminate(name: string, graceMs = 40_000): Promise<void> {
    const replica = this.replicas.get(name);
    if (!replica) return;
    const force = setTimeout(() => replica.child.kill('SIGKILL'), graceMs);
    replica.child.kill('SIGTERM');
    await replica.exited;
    clearTimeout(force);
  }

  async stopAll(): Promise<void> {
    await Promise.all([...this.replicas.keys()].map((name) => this.terminate(name)));
    fs.rmSync(this.#dataRoot, { recursive: true, force: true });
  }
}

/** The checks' target on loopback: answers 200 to anything and counts requests. */
export async function startTarget(): Promise<{
  url: string;
  count(): number;
  close(): Promise<void>;
}> {
  let requests = 0;
  const server = http.createServer((_request, response) => {
    requests++;
    response.writeHead(200, { 'content-type': 'text/plain', 'content-length': '2' });
    response.end('ok');
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve) =>
    server.listen({ port: 0, host: '127.0.0.1', backlog: 4096 }, resolve),
  );
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/`,
    count: () => requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** utime + stime of a process in seconds (Linux /proc), or undefined once it is gone. */
export function cpuSeconds(pid: number): number | undefined {
  try {
    const text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

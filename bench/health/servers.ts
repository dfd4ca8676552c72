import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverNodeFlags } from '../../apps/server/src/platform/heap.ts';
import { ensureServerBuild, serverMain } from '../../scripts/lib/prepare.mjs';
import { runNode, spawnNode, type Child } from './children.ts';
import { benchMetricsToken } from './metrics-scrape.ts';

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const targetScript = fileURLToPath(new URL('./target-server.ts', import.meta.url));
export const admin = { email: 'bench-admin@example.com', password: 'bench admin password 1' };

export interface Servers {
  readonly server: Child;
  readonly target: Child;
  readonly baseUrl: string;
  readonly targetUrl: string;
  /** Where --cpu-prof writes the server's profile when it exits, if profiling. */
  readonly profileDir: string | undefined;
}

type Cleanups = Array<() => Promise<unknown>>;

/**
 * The target, an admin made with `vigil users create`, and the real server, each its own
 * process; their stops (and the temp dirs) are pushed onto `cleanups`.
 */
export async function startServers(
  databaseUrl: string,
  flags: {
    readonly profile: boolean;
    readonly traceGc: boolean;
    readonly nodeFlags: readonly string[];
    /** Overrides of the server's environment, e.g. VIGIL_WORKERS=off. */
    readonly serverEnv?: Readonly<Record<string, string>>;
  },
  cleanups: Cleanups,
): Promise<Servers> {
  ensureServerBuild();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'vigil-bench-health-'));
  cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }));
  const target = spawnNode(['--import', 'tsx', targetScript], {}, repoRoot);
  cleanups.push(() => target.stop(5000));
  const targetPort = await target.waitFor(/target listening on (\d+)/, 30_000);
  const env = { DATABASE_URL: databaseUrl, VIGIL_DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  await runNode(
    [serverMain, 'users', 'create', '--email', admin.email, '--admin'],
    { ...env, VIGIL_PASSWORD: admin.password },
    repoRoot,
    120_000,
  );
  const port = await freePort();
  const profileDir = flags.profile ? path.join(dataDir, 'profile') : undefined;
  const server = spawnNode(
    [
      ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []),
      ...(flags.traceGc ? ['--trace-gc'] : []),
      ...serverNodeFlags,
      ...flags.nodeFlags,
      serverMain,
      'serve',
    ],
    {
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      VIGIL_WORKERS: 'on',
      VIGIL_METRICS_TOKEN: benchMetricsToken,
      ...flags.serverEnv,
    },
    repoRoot,
    /"level":(40|50|60)/,
  );
  cleanups.push(() => server.stop(40_000));
  await server.waitFor(/Vigil is running at/, 120_000);
  return {
    server,
    target,
    baseUrl: `http://127.0.0.1:${port}`,
    targetUrl: `http://127.0.0.1:${targetPort}/`,
    profileDir,
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

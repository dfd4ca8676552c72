import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { serverNodeFlags } from '../../apps/server/src/platform/heap.ts';
import { serverMain } from '../../scripts/lib/prepare.mjs';
import { spawnNode } from '../health/children.ts';
import { repoRoot } from '../health/servers.ts';

type Cleanups = Array<() => Promise<unknown>>;

/**
 * One more `vigil serve` on the same database that serves the web build in `webDir`: two builds
 * of the console (e.g. before and after a change) measured side by side in the same run.
 */
export async function startWebVariant(
  databaseUrl: string,
  webDir: string,
  cleanups: Cleanups,
): Promise<string> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'vigil-bench-web-'));
  cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }));
  const port = await freePort();
  const server = spawnNode(
    [...serverNodeFlags, serverMain, 'serve'],
    {
      DATABASE_URL: databaseUrl,
      VIGIL_DATA_DIR: dataDir,
      VIGIL_WEB_DIR: webDir,
      LOG_LEVEL: 'warn',
      PORT: String(port),
      HOST: '127.0.0.1',
      VIGIL_WORKERS: 'off',
    },
    repoRoot,
  );
  cleanups.push(() => server.stop(40_000));
  await server.waitFor(/Vigil is running at/, 120_000);
  return `http://127.0.0.1:${port}`;
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

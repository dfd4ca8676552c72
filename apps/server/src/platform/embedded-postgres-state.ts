import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { findFreePort } from './ports.ts';

const stateSchema = z.object({
  port: z.number().int().min(1).max(65535),
  password: z.string().min(16),
});
export type EmbeddedState = z.infer<typeof stateSchema>;

export function stateFile(dataDir: string): string {
  return path.join(dataDir, 'embedded-postgres.json');
}

/** The port and password are chosen once, at first start, and kept in the data dir. */
export async function loadOrCreateState(dataDir: string): Promise<EmbeddedState> {
  const file = stateFile(dataDir);
  try {
    const raw: unknown = JSON.parse(await fs.readFile(file, 'utf8'));
    return stateSchema.parse(raw);
  } catch (error) {
    if (!isMissing(error))
      throw new Error(`${file} is unreadable; fix or delete it`, { cause: error });
  }
  const state = { port: await findFreePort(), password: randomBytes(24).toString('hex') };
  await fs.writeFile(file, JSON.stringify(state, null, 2) + '\n', { mode: 0o600 });
  return state;
}

/** As root, the server runs as `postgres`, which must be able to traverse every parent dir. */
export async function assertReachableByPostgres(dir: string): Promise<void> {
  if (process.getuid?.() !== 0) return;
  for (let current = path.resolve(dir); ; current = path.dirname(current)) {
    const stat = await fs.stat(current).catch(() => undefined);
    if (stat && (stat.mode & 0o001) === 0) {
      throw new Error(
        `data directory ${dir} is not reachable by the postgres user (${current} is not world-traversable); ` +
          'set VIGIL_DATA_DIR to a path outside /root',
      );
    }
    if (current === path.dirname(current)) return;
  }
}

function isMissing(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ENOENT';
}

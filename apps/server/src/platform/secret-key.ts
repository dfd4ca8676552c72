import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/** VIGIL_SECRET_KEY when set; otherwise one generated into the data dir on first start. */
export async function resolveSecretKey(
  dataDir: string,
  fromEnv: string | undefined,
): Promise<string> {
  if (fromEnv) return fromEnv;
  const file = path.join(dataDir, 'secret.key');
  const existing = await fs.readFile(file, 'utf8').catch(() => undefined);
  if (existing?.trim()) return existing.trim();
  await fs.mkdir(dataDir, { recursive: true });
  const key = randomBytes(32).toString('hex');
  await fs.writeFile(file, `${key}\n`, { mode: 0o600, flag: 'wx' }).catch(async () => {
    // Another replica wrote it first; use theirs.
  });
  return (await fs.readFile(file, 'utf8')).trim();
}

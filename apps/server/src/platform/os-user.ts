import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface OsUser {
  readonly uid: number;
  readonly gid: number;
}

/** PostgreSQL refuses to run as root, so as root we run it as `postgres`, creating it if needed. */
export async function ensurePostgresOsUser(): Promise<OsUser | undefined> {
  if (process.getuid?.() !== 0) return undefined;
  const existing = await lookup('postgres');
  if (existing) return existing;
  await run('groupadd', ['--system', 'postgres']).catch(() => undefined);
  await run('useradd', ['--system', '--gid', 'postgres', '--no-create-home', 'postgres']);
  const created = await lookup('postgres');
  if (!created) throw new Error('could not create the postgres OS user');
  return created;
}

async function lookup(name: string): Promise<OsUser | undefined> {
  try {
    const uid = Number((await run('id', ['-u', name])).stdout.trim());
    const gid = Number((await run('id', ['-g', name])).stdout.trim());
    return { uid, gid };
  } catch {
    return undefined;
  }
}

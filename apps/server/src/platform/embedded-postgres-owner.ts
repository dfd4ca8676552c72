import { readFileSync, rmSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';

/**
 * Which Vigil process runs a data dir's embedded PostgreSQL. Only that process stops it; a
 * postmaster whose owner is gone is an orphan. The start time guards against a reused pid.
 */
const ownerSchema = z.object({
  pid: z.number().int().positive(),
  startTime: z.string().nullable(),
});
export type Owner = z.infer<typeof ownerSchema>;

export type Claim = { kind: 'claimed' } | { kind: 'taken'; owner: Owner };

export function ownerFile(dataDir: string): string {
  return path.join(dataDir, 'embedded-postgres.owner.json');
}

/** Makes this process the owner, unless another live Vigil process already is. */
export async function claimOwnership(dataDir: string): Promise<Claim> {
  const file = ownerFile(dataDir);
  const self: Owner = { pid: process.pid, startTime: processStartTime(process.pid) };
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      await fs.writeFile(file, JSON.stringify(self) + '\n', { flag: 'wx', mode: 0o600 });
      return { kind: 'claimed' };
    } catch (error) {
      if (!hasCode(error, 'EEXIST')) throw error;
    }
    const owner = await readOwner(file);
    if (owner && owner.pid === process.pid) return { kind: 'claimed' };
    if (owner && isOwnerAlive(owner)) return { kind: 'taken', owner };
    await fs.rm(file, { force: true });
  }
  throw new Error(`could not claim ${file}: other processes keep replacing it`);
}

/** Gives the data dir up, if this process still owns it. Synchronous, so it runs on exit. */
export function releaseOwnership(dataDir: string): void {
  const file = ownerFile(dataDir);
  try {
    const owner = ownerSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
    if (owner.pid === process.pid) rmSync(file, { force: true });
  } catch {
    // no owner file, or not ours: nothing to give up
  }
}

export function isOwnerAlive(owner: Owner): boolean {
  if (!isAlive(owner.pid)) return false;
  const startTime = processStartTime(owner.pid);
  return owner.startTime === null || startTime === null || startTime === owner.startTime;
}

async function readOwner(file: string): Promise<Owner | undefined> {
  const text = await fs.readFile(file, 'utf8').catch(() => undefined);
  if (text === undefined) return undefined;
  try {
    return ownerSchema.parse(JSON.parse(text));
  } catch {
    return undefined;
  }
}

/** Field 22 of /proc/<pid>/stat (after the parenthesised name); null where /proc is absent. */
function processStartTime(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, but another user's (postgres runs as its own user when Vigil is root).
    return hasCode(error, 'EPERM');
  }
}

function hasCode(error: unknown, code: string): boolean {
  return error instanceof Error && 'code' in error && error.code === code;
}

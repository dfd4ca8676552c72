import type { Dirent, Stats } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import {
  modeString,
  NotAFolderError,
  type FolderEntry,
  type FolderLister,
  type FolderListing,
} from './folder-listing.ts';

/** A folder on the machine that runs the check. A folder that does not exist lists empty. */
export function localLister(folder: string, recursive: boolean): FolderLister {
  return {
    async list(signal) {
      let stats: Stats;
      try {
        stats = await fs.stat(folder);
      } catch (error) {
        if (isMissing(error)) return { entries: [] };
        throw error;
      }
      if (!stats.isDirectory()) throw new NotAFolderError(`${folder} is not a directory`);
      const entries: FolderEntry[] = [];
      await walk(folder, '', recursive, entries, signal);
      return { entries, ...(await spaceOf(folder)) };
    },
  };
}

async function walk(
  root: string,
  relative: string,
  recursive: boolean,
  into: FolderEntry[],
  signal: AbortSignal,
): Promise<void> {
  signal.throwIfAborted();
  let children: Dirent[];
  try {
    children = await fs.readdir(path.join(root, relative), { withFileTypes: true });
  } catch (error) {
    // A subfolder removed while walking is not a failure of the check.
    if (relative !== '' && isMissing(error)) return;
    throw error;
  }
  for (const child of children) {
    const name = relative === '' ? child.name : `${relative}/${child.name}`;
    let stats: Stats;
    try {
      stats = await fs.lstat(path.join(root, name));
    } catch (error) {
      if (isMissing(error)) continue;
      throw error;
    }
    into.push(entryOf(name, stats));
    if (recursive && stats.isDirectory()) await walk(root, name, recursive, into, signal);
  }
}

export function entryOf(name: string, stats: Stats): FolderEntry {
  const type = stats.isDirectory() ? 'd' : stats.isSymbolicLink() ? 'l' : '-';
  return {
    name,
    size: stats.size,
    modified: stats.mtimeMs,
    mode: modeString(type, stats.mode & 0o777),
    isDir: stats.isDirectory(),
  };
}

export async function spaceOf(folder: string): Promise<Partial<FolderListing>> {
  try {
    const space = await fs.statfs(folder);
    return { availableSize: space.bavail * space.bsize, totalSize: space.blocks * space.bsize };
  } catch {
    return {};
  }
}

function isMissing(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ENOENT';
}

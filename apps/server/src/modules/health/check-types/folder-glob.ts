import type { Stats } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { glob } from 'tinyglobby';
import type { FolderEntry, FolderLister } from './folder-listing.ts';
import { entryOf, spaceOf } from './folder-local.ts';

/** canary-checker lists a folder path with a `*` in it as a doublestar glob. */
export function isFolderGlob(folder: string): boolean {
  return folder.includes('*');
}

/**
 * The files and folders a local glob (`/etc/*`, `/var/log/**\/*.log`) matches, named by their
 * path under the glob's fixed base, each as its target when it is a link (Go's os.Stat).
 */
export function localGlobLister(pattern: string): FolderLister {
  const { base, rest } = splitGlob(pattern);
  return {
    async list(signal) {
      signal.throwIfAborted();
      const matches = await glob(rest, {
        cwd: base,
        dot: true,
        onlyFiles: false,
        followSymbolicLinks: true,
        expandDirectories: false,
        signal,
      });
      const entries: FolderEntry[] = [];
      for (const match of matches.sort()) {
        const name = match.replace(/\/$/, '');
        let stats: Stats;
        try {
          stats = await fs.stat(path.join(base, name));
        } catch {
          continue; // removed while listing, or a dangling link
        }
        entries.push(entryOf(name, stats));
      }
      return { entries, ...(await spaceOf(base)) };
    },
  };
}

/** `/var/log/*.log` into the folder to search from (`/var/log`) and the pattern below it. */
function splitGlob(pattern: string): { base: string; rest: string } {
  const segments = path.resolve(pattern).split('/');
  const first = segments.findIndex((segment) => /[*?[{]/.test(segment));
  return {
    base: segments.slice(0, first).join('/') || '/',
    rest: segments.slice(first).join('/'),
  };
}

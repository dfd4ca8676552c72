import type { Stats } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { glob } from 'tinyglobby';
import type { FolderEntry, FolderLister } from './folder-listing.ts';
import { entryOf, spaceOf } from './folder-local.ts';
import { s3Lister } from './folder-s3.ts';
import type { S3Bucket } from './s3-list.ts';

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

/**
 * The objects whose whole key matches a glob (`backups/*\/db.zip`): S3 lists under the glob's
 * fixed prefix and each key is matched as canary-checker's doublestar.Match does.
 */
export function s3GlobLister(bucket: S3Bucket, pattern: string): FolderLister {
  const segments = pattern.split('/');
  const first = segments.findIndex((segment) => /[*?[{]/.test(segment));
  const prefix = first <= 0 ? '' : `${segments.slice(0, first).join('/')}/`;
  const matcher = globPattern(pattern);
  const lister = s3Lister(bucket, prefix);
  return {
    async list(signal) {
      const listing = await lister.list(signal);
      return { ...listing, entries: listing.entries.filter((entry) => matcher.test(entry.name)) };
    },
  };
}

/** doublestar's syntax: `*` and `?` within a segment, `**` across, `[a-z]`, `{a,b}`. */
export function globPattern(glob: string): RegExp {
  let out = '';
  let braces = 0;
  for (let i = 0; i < glob.length; i++) {
    const char = glob.charAt(i);
    if (glob.startsWith('**/', i)) {
      out += '(?:.*/)?';
      i += 2;
    } else if (glob.startsWith('**', i)) {
      out += '.*';
      i += 1;
    } else if (char === '*') out += '[^/]*';
    else if (char === '?') out += '[^/]';
    else if (char === '[' && glob.indexOf(']', i + 2) > 0) {
      const end = glob.indexOf(']', i + 2);
      const body = glob.slice(i + 1, end).replace(/^[!^]/, '^');
      out += `[${body.replace(/[\\\]]/g, '\\$&')}]`;
      i = end;
    } else if (char === '{') {
      out += '(?:';
      braces++;
    } else if (char === '}' && braces > 0) {
      out += ')';
      braces--;
    } else if (char === ',' && braces > 0) out += '|';
    else out += char.replace(/[.+^$|(){}\\]/g, '\\$&');
  }
  return new RegExp(`^${out}$`);
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

import fs from 'node:fs/promises';
import path from 'node:path';
import { glob, isDynamicPattern } from 'tinyglobby';

export interface MatchOptions {
  /** Relative patterns resolve against this directory. */
  readonly cwd: string;
  /** What to look for when the pattern names a directory, e.g. `**\/*.xml`. */
  readonly inDirectory: string;
  readonly signal?: AbortSignal;
}

/**
 * The files a path names: the file itself, the matches of `inDirectory` under a directory, or
 * the matches of a glob (`reports/**\/TEST-*.xml`). Sorted; nothing when nothing exists.
 */
export async function matchFiles(pattern: string, options: MatchOptions): Promise<string[]> {
  const absolute = path.resolve(options.cwd, pattern);
  if (!isDynamicPattern(pattern)) {
    const stat = await fs.stat(absolute).catch(() => undefined);
    if (stat === undefined) return [];
    if (stat.isFile()) return [absolute];
    return search(absolute, options.inDirectory, options.signal);
  }
  const segments = absolute.split(path.sep);
  const firstDynamic = segments.findIndex((segment) => isDynamicPattern(segment));
  const base = segments.slice(0, firstDynamic).join(path.sep) || path.sep;
  return search(base, segments.slice(firstDynamic).join('/'), options.signal);
}

async function search(cwd: string, pattern: string, signal?: AbortSignal): Promise<string[]> {
  const found = await glob(pattern, { cwd, absolute: true, onlyFiles: true, signal });
  return found.sort();
}

/** A path as shown to people: relative when inside `dir`, else absolute. */
export function displayPath(file: string, dir: string): string {
  return file.startsWith(dir + path.sep) ? path.relative(dir, file) : file;
}

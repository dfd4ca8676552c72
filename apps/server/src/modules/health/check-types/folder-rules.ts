import type { FolderEntry, FolderListing } from './folder-listing.ts';
import { formatAge, formatSize } from './folder-units.ts';

/** `filter`: which entries count at all. Sizes in bytes, ages in ms, since as epoch ms. */
export interface FolderFilter {
  readonly minAge?: number;
  readonly maxAge?: number;
  readonly minSize?: number;
  readonly maxSize?: number;
  readonly regex?: RegExp;
  readonly since?: number;
}

/** The check's own bounds on what the filter kept. */
export interface FolderBounds {
  readonly minAge?: number;
  readonly maxAge?: number;
  readonly minCount?: number;
  readonly maxCount?: number;
  readonly minSize?: number;
  readonly maxSize?: number;
  readonly availableSize?: number;
  readonly totalSize?: number;
}

/** The spec's own texts of the bounds, for messages (`7d` rather than 604800000). */
export type BoundTexts = Partial<Record<'minAge' | 'maxAge' | 'minSize' | 'maxSize', string>>;

export interface FileData {
  readonly name: string;
  readonly size: number;
  readonly mode: string;
  readonly modified: string;
  readonly is_dir: boolean;
}

/** Files only (folders are walked, not counted), kept when every filter field agrees. */
export function applyFilter(
  entries: readonly FolderEntry[],
  filter: FolderFilter,
  now: number,
): FolderEntry[] {
  return entries.filter((entry) => {
    if (entry.isDir) return false;
    const age = now - entry.modified;
    if (filter.maxAge !== undefined && age > filter.maxAge) return false;
    if (filter.minAge !== undefined && age < filter.minAge) return false;
    if (filter.minSize !== undefined && entry.size < filter.minSize) return false;
    if (filter.maxSize !== undefined && entry.size > filter.maxSize) return false;
    if (filter.regex && !filter.regex.test(entry.name)) return false;
    // A second after `since`, so that the newest time of the last run can be used as since.
    if (filter.since !== undefined && entry.modified < filter.since + 1000) return false;
    return true;
  });
}

/** The first bound that the files break, as canary-checker words it; undefined when none. */
export function testBounds(
  files: readonly FolderEntry[],
  listing: FolderListing,
  bounds: FolderBounds,
  texts: BoundTexts,
  now: number,
): string | undefined {
  const count = files.length;
  if (bounds.minCount !== undefined && count < bounds.minCount) {
    return `too few files ${count} < ${bounds.minCount}`;
  }
  if (bounds.maxCount !== undefined && count > bounds.maxCount) {
    return `too many files ${count} > ${bounds.maxCount}`;
  }
  const space = spaceProblem('available size', listing.availableSize, bounds.availableSize);
  if (space) return space;
  const total = spaceProblem('total size', listing.totalSize, bounds.totalSize);
  if (total) return total;
  const { oldest, newest, smallest, largest } = extremes(files);
  if (!oldest || !newest || !smallest || !largest) return undefined;
  if (bounds.minAge !== undefined && now - newest.modified < bounds.minAge) {
    return `${newest.name} is too new: ${formatAge(now - newest.modified)} < ${texts.minAge}`;
  }
  if (bounds.maxAge !== undefined && now - oldest.modified > bounds.maxAge) {
    return `${oldest.name} is too old: ${formatAge(now - oldest.modified)} > ${texts.maxAge}`;
  }
  if (bounds.minSize !== undefined && smallest.size < bounds.minSize) {
    return `${smallest.name} is too small: ${formatSize(smallest.size)} < ${texts.minSize}`;
  }
  if (bounds.maxSize !== undefined && largest.size > bounds.maxSize) {
    return `${largest.name} is too large: ${formatSize(largest.size)} > ${texts.maxSize}`;
  }
  return undefined;
}

function spaceProblem(
  label: string,
  known: number | undefined,
  bound: number | undefined,
): string | undefined {
  if (bound === undefined) return undefined;
  if (known === undefined) return `${label} not supported`;
  if (known < bound) return `${label} too small: ${formatSize(known)} < ${formatSize(bound)}`;
  return undefined;
}

export function extremes(files: readonly FolderEntry[]) {
  let oldest: FolderEntry | undefined;
  let newest: FolderEntry | undefined;
  let smallest: FolderEntry | undefined;
  let largest: FolderEntry | undefined;
  for (const file of files) {
    if (!oldest || file.modified < oldest.modified) oldest = file;
    if (!newest || file.modified > newest.modified) newest = file;
    if (!smallest || file.size < smallest.size) smallest = file;
    if (!largest || file.size > largest.size) largest = file;
  }
  return { oldest, newest, smallest, largest };
}

/** canary-checker's folder result; the extremes are left out when no file was kept. */
export interface FolderData {
  readonly files: readonly FileData[];
  readonly count: number;
  readonly oldest?: FileData;
  readonly newest?: FileData;
  readonly smallest?: FileData;
  readonly largest?: FileData;
  /** Sum of the kept files' sizes. */
  readonly totalFileSize: number;
  /** Total and free bytes of the filesystem, where the backend knows them. */
  readonly size?: number;
  readonly availableSize?: number;
}

export function folderData(files: readonly FolderEntry[], listing: FolderListing): FolderData {
  const { oldest, newest, smallest, largest } = extremes(files);
  return {
    files: files.map(fileData),
    count: files.length,
    ...(oldest ? { oldest: fileData(oldest) } : {}),
    ...(newest ? { newest: fileData(newest) } : {}),
    ...(smallest ? { smallest: fileData(smallest) } : {}),
    ...(largest ? { largest: fileData(largest) } : {}),
    totalFileSize: files.reduce((sum, file) => sum + file.size, 0),
    ...(listing.totalSize !== undefined ? { size: listing.totalSize } : {}),
    ...(listing.availableSize !== undefined ? { availableSize: listing.availableSize } : {}),
  };
}

function fileData(entry: FolderEntry): FileData {
  return {
    name: entry.name,
    size: entry.size,
    mode: entry.mode,
    modified: new Date(entry.modified).toISOString(),
    is_dir: entry.isDir,
  };
}

/** What every folder backend (local, SFTP, S3) answers, so that filters and tests are shared. */

export interface FolderEntry {
  /** The name under the listed folder: a relative path when recursive, the key for S3. */
  readonly name: string;
  readonly size: number;
  /** Modification time, in ms since the epoch. */
  readonly modified: number;
  /** `ls -l`-style mode, e.g. `-rw-r--r--`. */
  readonly mode: string;
  readonly isDir: boolean;
}

export interface FolderListing {
  readonly entries: readonly FolderEntry[];
  /** Free and total bytes of the filesystem holding the folder, when the backend knows them. */
  readonly availableSize?: number;
  readonly totalSize?: number;
}

export interface FolderLister {
  list(signal: AbortSignal): Promise<FolderListing>;
}

/** Thrown by a backend when the path names something that is not a folder. */
export class NotAFolderError extends Error {}

const permissionBits = 'rwxrwxrwx';

/** Renders POSIX permission bits and a type letter as `ls -l` does. */
export function modeString(type: 'd' | '-' | 'l', permissions: number): string {
  let out = type;
  for (let bit = 0; bit < 9; bit++) {
    out += (permissions & (1 << (8 - bit))) !== 0 ? permissionBits[bit] : '-';
  }
  return out;
}

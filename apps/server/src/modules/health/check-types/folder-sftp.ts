import type SftpClient from 'ssh2-sftp-client';
import type { FolderEntry, FolderLister } from './folder-listing.ts';
import { NotAFolderError } from './folder-listing.ts';
import { lazyModule } from '../../../platform/lazy-module.ts';

const sftpModule = lazyModule(() => import('ssh2-sftp-client'));

export interface SftpTarget {
  readonly host: string;
  readonly port: number;
  readonly username: string;
  readonly password: string | undefined;
  readonly folder: string;
}

/** A folder on an SSH server, listed over SFTP. A folder that does not exist lists empty. */
export function sftpLister(
  target: SftpTarget,
  recursive: boolean,
  timeoutMs: number,
): FolderLister {
  return {
    async list(signal) {
      // Callbacks replace the library's global listeners, which log every close.
      const { default: Client } = await sftpModule();
      const client = new Client('vigil-folder-check', { error: () => {}, close: () => {} });
      const abort = abortPromise(signal);
      try {
        await Promise.race([
          client.connect({
            host: target.host,
            port: target.port,
            username: target.username,
            password: target.password,
            readyTimeout: timeoutMs,
          }),
          abort.promise,
        ]);
        const kind = await Promise.race([client.exists(target.folder), abort.promise]);
        if (kind === false) return { entries: [] };
        if (kind !== 'd') throw new NotAFolderError(`${target.folder} is not a directory`);
        const entries: FolderEntry[] = [];
        await walk(client, target.folder, '', recursive, entries, abort.promise);
        return { entries };
      } finally {
        abort.dispose();
        await client.end().catch(() => false);
      }
    },
  };
}

async function walk(
  client: SftpClient,
  root: string,
  relative: string,
  recursive: boolean,
  into: FolderEntry[],
  aborted: Promise<never>,
): Promise<void> {
  const folder = relative === '' ? root : `${root.replace(/\/$/, '')}/${relative}`;
  const children = await Promise.race([client.list(folder), aborted]);
  for (const child of children) {
    if (child.name === '.' || child.name === '..') continue;
    const name = relative === '' ? child.name : `${relative}/${child.name}`;
    into.push({
      name,
      size: child.size,
      modified: child.modifyTime,
      mode:
        child.type +
        rights(child.rights.user) +
        rights(child.rights.group) +
        rights(child.rights.other),
      isDir: child.type === 'd',
    });
    if (recursive && child.type === 'd') await walk(client, root, name, recursive, into, aborted);
  }
}

function rights(granted: string): string {
  return ['r', 'w', 'x'].map((right) => (granted.includes(right) ? right : '-')).join('');
}

/** A promise that rejects when the check's time is up, so a hung SFTP call cannot outlive it. */
function abortPromise(signal: AbortSignal): { promise: Promise<never>; dispose: () => void } {
  let onAbort = () => {};
  const promise = new Promise<never>((_, reject) => {
    onAbort = () => reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
  });
  promise.catch(() => {});
  return { promise, dispose: () => signal.removeEventListener('abort', onAbort) };
}

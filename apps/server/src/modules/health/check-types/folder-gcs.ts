import { CheckConfigError } from './check-type.ts';
import { globPattern, isFolderGlob } from './folder-glob.ts';
import type { FolderEntry, FolderLister } from './folder-listing.ts';

export interface GcsBucket {
  readonly bucket: string;
  /** The JSON API's base URL; Google's own when unset. A custom one is called without auth. */
  readonly endpoint: string | undefined;
  /** A service account key (JSON); Application Default Credentials when unset. */
  readonly credentials: string | undefined;
}

/**
 * The objects under `path` in a Cloud Storage bucket, every page, through the official client.
 * Keys are listed whole, as for S3; a path with a `*` keeps the keys the whole glob matches.
 */
export function gcsLister(target: GcsBucket, path: string): FolderLister {
  const glob = isFolderGlob(path) ? globPattern(path) : undefined;
  const segments = path.split('/');
  const first = segments.findIndex((segment) => /[*?[{]/.test(segment));
  const prefix =
    glob === undefined ? path : first <= 0 ? '' : `${segments.slice(0, first).join('/')}/`;
  return {
    async list(signal) {
      signal.throwIfAborted();
      const { Storage } = await import('@google-cloud/storage');
      const storage = new Storage({
        ...(target.endpoint !== undefined ? { apiEndpoint: target.endpoint } : {}),
        ...(target.credentials !== undefined ? { credentials: parseKey(target.credentials) } : {}),
      });
      const [files] = await abortable(
        storage.bucket(target.bucket).getFiles({ prefix, autoPaginate: true }),
        signal,
      );
      const entries: FolderEntry[] = [];
      for (const file of files) {
        if (glob !== undefined && !glob.test(file.name)) continue;
        entries.push({
          name: file.name,
          size: Number(file.metadata.size ?? 0),
          modified: Date.parse(String(file.metadata.updated ?? '')) || 0,
          mode: '',
          isDir: false,
        });
      }
      return { entries };
    },
  };
}

/** `gcs://bucket/some/prefix` into its bucket and the path inside it. */
export function splitGcsPath(path: string): { bucket: string; path: string } {
  const rest = path.replace(/^gcs:\/\//i, '');
  const slash = rest.indexOf('/');
  if (slash < 0) return { bucket: rest, path: '' };
  return { bucket: rest.slice(0, slash), path: rest.slice(slash + 1) };
}

function parseKey(text: string): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null) throw new Error('not an object');
    return Object.fromEntries(Object.entries(parsed).map(([k, v]) => [k, String(v)]));
  } catch {
    throw new CheckConfigError('gcpConnection.credentials is not a service account key (JSON)');
  }
}

/** The client takes no signal; the check's time limit still ends the wait. */
function abortable<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new Error('time limit reached'));
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

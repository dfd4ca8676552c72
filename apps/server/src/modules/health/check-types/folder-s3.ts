import type { FolderEntry, FolderLister } from './folder-listing.ts';
import { listObjectsPage, type S3Bucket } from './s3-list.ts';

/**
 * The objects under `prefix` in an S3 bucket, every page of ListObjectsV2. Keys are listed
 * whole (S3 has no folders), so `filter.regex` matches the full key as in canary-checker.
 */
export function s3Lister(bucket: S3Bucket, prefix: string): FolderLister {
  return {
    async list(signal) {
      const entries: FolderEntry[] = [];
      let token: string | undefined;
      do {
        signal.throwIfAborted();
        const page = await listObjectsPage(bucket, prefix, token, signal);
        for (const object of page.objects) {
          entries.push({
            name: object.key,
            size: object.size,
            modified: object.lastModified,
            mode: '',
            isDir: false,
          });
        }
        token = page.nextToken;
      } while (token !== undefined);
      return { entries };
    },
  };
}

/** `s3://bucket/some/prefix` into its bucket and prefix; the bucket may come from elsewhere. */
export function splitS3Path(path: string): { bucket: string; prefix: string } {
  const rest = path.replace(/^s3:\/\//i, '');
  const slash = rest.indexOf('/');
  if (slash < 0) return { bucket: rest, prefix: '' };
  return { bucket: rest.slice(0, slash), prefix: rest.slice(slash + 1) };
}

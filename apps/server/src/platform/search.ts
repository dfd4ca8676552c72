import type { PermissionObject, SearchHit, SearchKind } from '@vigil/domain';
import type { Queryable } from './db.ts';

/**
 * What an area lets the console's search find: one kind of thing, readable with `object`.
 * The search route asks only the providers whose object the caller may read.
 */
export interface SearchProvider {
  readonly kind: SearchKind;
  readonly object: PermissionObject;
  /** The best `limit` matches of `text` (trimmed, non-empty), ranked as SearchHit says. */
  search(db: Queryable, text: string, limit: number): Promise<SearchHit[]>;
}

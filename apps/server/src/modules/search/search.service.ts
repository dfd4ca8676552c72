import { can, type SearchHit, type SearchQuery } from '@vigil/domain';
import type { Database } from '../../platform/db.ts';
import type { Actor } from '../../platform/http/actor.ts';
import { requireSignedIn } from '../../platform/http/authorise.ts';
import type { SearchProvider } from '../../platform/search.ts';

export interface SearchService {
  search(actor: Actor, query: SearchQuery): Promise<SearchHit[]>;
}

/** Best rank first; at equal rank shorter titles (closer matches), then alphabetical. */
function compareHits(a: SearchHit, b: SearchHit): number {
  return a.rank - b.rank || a.title.length - b.title.length || a.title.localeCompare(b.title);
}

/**
 * Searches every area the modules declared, asking only the providers whose object the actor
 * may read: a viewer never learns that a connection or a person by that name exists.
 */
export function createSearchService(
  db: Database,
  providers: readonly SearchProvider[],
): SearchService {
  return {
    async search(actor, { q, limit }) {
      requireSignedIn(actor);
      const readable = providers.filter((provider) => can(actor.roles, [provider.object], 'read'));
      const found = await Promise.all(
        readable.map((provider) => provider.search(db.pool, q, limit)),
      );
      return found.flat().sort(compareHits).slice(0, limit);
    },
  };
}

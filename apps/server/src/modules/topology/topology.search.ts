import { nameSearch } from '../../platform/name-search.repository.ts';
import type { SearchProvider } from '../../platform/search.ts';

/** Components by name, opened at /topology/{id} (spec 001 §2). */
export const topologySearch: SearchProvider = {
  kind: 'component',
  object: 'topologies',
  search: nameSearch({
    kind: 'component',
    from: 'components',
    id: 'id',
    title: 'name',
    subtitle: "coalesce(type, '')",
    where: 'deleted_at is null and hidden = false',
    href: '/topology/{id}',
  }),
};

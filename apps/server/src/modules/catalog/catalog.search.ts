import { nameSearch } from '../../platform/name-search.repository.ts';
import type { SearchProvider } from '../../platform/search.ts';

/** Config items by name, opened at /catalog/{id} (spec 000 §2.1). */
export const catalogSearch: SearchProvider = {
  kind: 'config',
  object: 'database',
  search: nameSearch({
    kind: 'config',
    from: 'config_items',
    id: 'id',
    title: 'name',
    subtitle: 'type',
    where: 'deleted_at is null and name is not null',
    href: '/catalog/{id}',
  }),
};

import { nameSearch } from '../../platform/name-search.repository.ts';
import type { SearchProvider } from '../../platform/search.ts';

/** People by name or email, for those who may read identities (the users page's object). */
export const peopleSearch: SearchProvider = {
  kind: 'person',
  object: 'identities',
  search: nameSearch({
    kind: 'person',
    from: 'people',
    id: 'id',
    title: 'name',
    subtitle: 'email',
    where: "deleted_at is null and type = 'person'",
    href: '/settings/users?id={id}',
  }),
};

import { nameSearch } from '../../platform/name-search.repository.ts';
import type { SearchProvider } from '../../platform/search.ts';

/** Remote agents (the all-zero local agent is not one to open); a hit opens its drawer. */
export const agentsSearch: SearchProvider = {
  kind: 'agent',
  object: 'agents',
  search: nameSearch({
    kind: 'agent',
    from: 'agents',
    id: 'id',
    title: 'name',
    subtitle: 'coalesce(description, hostname)',
    where: "deleted_at is null and id <> '00000000-0000-0000-0000-000000000000'",
    href: '/agents?id={id}',
  }),
};

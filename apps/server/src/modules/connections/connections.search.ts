import { nameSearch } from '../../platform/name-search.repository.ts';
import type { SearchProvider } from '../../platform/search.ts';

/** Connections by name; only callers who may read connections (not viewers) get them. */
export const connectionsSearch: SearchProvider = {
  kind: 'connection',
  object: 'connections',
  search: nameSearch({
    kind: 'connection',
    from: 'connections',
    id: 'id',
    title: 'name',
    subtitle: "concat_ws(' · ', type, namespace)",
    where: 'deleted_at is null',
    href: '/settings/connections?id={id}',
  }),
};

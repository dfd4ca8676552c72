import { nameSearch } from '../../platform/name-search.repository.ts';
import type { SearchProvider } from '../../platform/search.ts';

/** Checks open in the dashboard's detail modal; canaries in their editor (spec 000 §2.1). */
export const healthSearch: readonly SearchProvider[] = [
  {
    kind: 'check',
    object: 'canaries',
    search: nameSearch({
      kind: 'check',
      from: 'checks',
      id: 'id',
      title: 'name',
      subtitle: "concat_ws(' · ', type, namespace)",
      where: 'deleted_at is null',
      href: '/health?checkId={id}',
    }),
  },
  {
    kind: 'canary',
    object: 'canaries',
    search: nameSearch({
      kind: 'canary',
      from: 'canaries',
      id: 'id',
      title: 'name',
      subtitle: 'namespace',
      where: 'deleted_at is null',
      href: '/settings/canaries/{id}',
    }),
  },
];

import { nameSearch } from '../../platform/name-search.repository.ts';
import type { SearchProvider } from '../../platform/search.ts';

/** Playbooks by name or title, opened at /playbooks/{id} (spec 002 §2). */
export const playbooksSearch: SearchProvider = {
  kind: 'playbook',
  object: 'playbooks',
  search: nameSearch({
    kind: 'playbook',
    from: 'playbooks',
    id: 'id',
    title: "coalesce(nullif(title, ''), name)",
    subtitle: "coalesce(category, 'Other')",
    where: 'deleted_at is null',
    href: '/playbooks/{id}',
  }),
};

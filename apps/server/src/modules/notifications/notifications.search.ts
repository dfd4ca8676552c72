import { nameSearch } from '../../platform/name-search.repository.ts';
import type { SearchProvider } from '../../platform/search.ts';

/** Notifications by name, else title, else their events (name and title are optional). */
export const notificationsSearch: SearchProvider = {
  kind: 'notification',
  object: 'notifications',
  search: nameSearch({
    kind: 'notification',
    from: 'notifications',
    id: 'id',
    title: "coalesce(nullif(name, ''), nullif(title, ''), array_to_string(events, ', '))",
    subtitle: "array_to_string(events, ', ')",
    where: 'deleted_at is null',
    href: '/settings/notifications?id={id}',
  }),
};

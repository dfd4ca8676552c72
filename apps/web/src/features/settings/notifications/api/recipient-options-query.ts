import { canNotify, connectionTypes } from '@vigil/domain';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiList } from '@/lib/http.ts';
import { notificationKeys } from './notification-keys.ts';

const option = z.object({ id: z.string(), name: z.string() });
const connection = z.object({ name: z.string(), namespace: z.string(), type: z.string() });

/** People, teams and notification connections for the recipient tabs. */
export function useRecipientOptionsQuery() {
  return useQuery({
    queryKey: notificationKeys.recipients(),
    queryFn: async ({ signal }) => {
      const [people, teams, connections] = await Promise.all([
        apiList('db', '/people', option, {
          query: { select: 'id,name', type: 'eq.person', deleted_at: 'is.null', order: 'name' },
          signal,
        }),
        apiList('db', '/teams', option, {
          query: { select: 'id,name', deleted_at: 'is.null', order: 'name' },
          signal,
        }),
        // Only admins read connections: others type the reference themselves.
        apiList('db', '/connections', connection, {
          query: {
            select: 'name,namespace,type',
            type: `in.(${connectionTypes.filter(canNotify).join(',')})`,
            order: 'name',
          },
          signal,
        }).catch(() => ({ data: [] })),
      ]);
      return { people: people.data, teams: teams.data, connections: connections.data };
    },
    meta: { toast: false },
  });
}

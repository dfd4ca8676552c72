import { notificationSummarySchema } from '@vigil/domain';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiList } from '@/lib/http.ts';
import { notificationKeys } from './notification-keys.ts';

const named = z.object({ id: z.string(), name: z.string() }).nullable();

export const notificationRowSchema = notificationSummarySchema.extend({
  person: named,
  team: named,
  created_by: named,
});
export type NotificationRow = z.infer<typeof notificationRowSchema>;

/** Spec 002 §7: notifications_summary with person, team and creator, newest first. */
export function useNotificationsQuery() {
  return useQuery({
    queryKey: notificationKeys.list(),
    queryFn: async ({ signal }) =>
      (
        await apiList('db', '/notifications_summary', notificationRowSchema, {
          query: {
            select: '*,person:person_id(id,name),team:team_id(id,name),created_by(id,name)',
            deleted_at: 'is.null',
            order: 'created_at.desc',
          },
          signal,
        })
      ).data,
  });
}

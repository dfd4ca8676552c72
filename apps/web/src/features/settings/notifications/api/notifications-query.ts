import { customServiceSchema } from '@vigil/domain';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiList } from '../../../../lib/http.ts';
import { notificationKeys } from './notification-keys.ts';

export const notificationRowSchema = z.object({
  id: z.string(),
  title: z.string().nullable(),
  events: z.array(z.string()),
  filter: z.string().nullable(),
  template: z.string().nullable(),
  person_id: z.string().nullable(),
  team_id: z.string().nullable(),
  custom_services: z.array(customServiceSchema).nullable(),
  repeat_interval: z.string().nullable(),
  source: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  pending: z.number(),
  failed: z.number(),
  sent: z.number(),
  avg_duration_ms: z.number().nullable(),
  most_common_error: z.string().nullable(),
  person: z.object({ id: z.string(), name: z.string() }).nullable(),
  team: z.object({ id: z.string(), name: z.string() }).nullable(),
  created_by: z.object({ id: z.string(), name: z.string() }).nullable(),
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

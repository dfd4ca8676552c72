import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { z } from 'zod';
import { apiRequest } from '@/lib/http.ts';
import type { NotificationBody } from '../model/notification-form.ts';
import { notificationKeys } from './notification-keys.ts';

/** Creates (no id) or updates a notification; spec 002 §7 and §8. */
export function useSaveNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | undefined; body: NotificationBody }) =>
      id
        ? apiRequest('db', '/notifications', z.unknown(), {
            method: 'PATCH',
            query: { id: `eq.${id}` },
            body,
          })
        : apiRequest('db', '/notifications', z.unknown(), { method: 'POST', body }),
    onSuccess: async (_answer, { id }) => {
      toast.success(id ? 'Notification updated successfully' : 'Notification added successfully');
      await queryClient.invalidateQueries({ queryKey: notificationKeys.list() });
    },
  });
}

/** Soft delete, as the settings resources do (PATCH deleted_at). */
export function useDeleteNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest('db', '/notifications', z.unknown(), {
        method: 'PATCH',
        query: { id: `eq.${id}` },
        body: { deleted_at: new Date().toISOString() },
      }),
    onSuccess: async () => {
      toast.success('Notification deleted successfully');
      await queryClient.invalidateQueries({ queryKey: notificationKeys.list() });
    },
  });
}

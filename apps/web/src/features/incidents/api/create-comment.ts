import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { z } from 'zod';
import { apiRequest } from '@/lib/http.ts';
import { incidentKeys } from './incident-keys.ts';
import type { Comment } from './incident-schemas.ts';

export interface NewComment {
  incident_id: string;
  hypothesis_id: string;
  comment: string;
}

/** Shown at once; rolled back with an error toast when the server refuses it (spec 002 §8). */
export function useCreateComment(incidentId: string) {
  const queryClient = useQueryClient();
  const key = incidentKeys.comments(incidentId);
  return useMutation({
    mutationFn: (input: NewComment) =>
      apiRequest('db', '/comments', z.unknown(), { method: 'POST', body: input }),
    onMutate: async (input) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<Comment[]>(key);
      const optimistic: Comment = {
        id: `pending-${Date.now()}`,
        comment: input.comment,
        hypothesis_id: input.hypothesis_id,
        created_at: new Date().toISOString(),
        created_by: null,
        external_created_by: null,
      };
      queryClient.setQueryData<Comment[]>(key, [...(previous ?? []), optimistic]);
      return { previous };
    },
    onError: (error, _input, context) => {
      queryClient.setQueryData(key, context?.previous);
      toast.error(error.message);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: incidentKeys.all }),
    meta: { toast: false },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { playbookRunResponseSchema, type PlaybookRunRequest } from '@vigil/domain';
import { apiRequest } from '@/lib/http.ts';
import { invalidateRuns } from './playbook-keys.ts';

/** `POST /api/playbook/run`; the caller navigates to the run or shows the failure (spec 000 §4). */
export function useRunPlaybook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: PlaybookRunRequest) =>
      apiRequest('playbook', '/run', playbookRunResponseSchema, {
        method: 'POST',
        body: request,
      }),
    // The dialog shows the failure on its fields or in a toast of its own.
    meta: { toast: false },
    onSuccess: () => invalidateRuns(queryClient),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { playbookRunStatusSchema } from '@vigil/domain';
import { z } from 'zod';
import { apiRequest } from '@/lib/http.ts';
import { invalidateRuns } from './playbook-keys.ts';

export type RunDecision = 'approve' | 'reject' | 'cancel';

const done: Record<RunDecision, string> = {
  approve: 'Playbook run approved',
  reject: 'Playbook run rejected',
  cancel: 'Playbook run cancelled',
};

/** `POST /api/playbook/run/{id}/{approve|reject|cancel}`; the decider is the session's user. */
export function useRunDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ decision, runId }: { decision: RunDecision; runId: string }) =>
      apiRequest(
        'playbook',
        `/run/${encodeURIComponent(runId)}/${decision}`,
        z.object({ status: playbookRunStatusSchema }),
        { method: 'POST', body: {} },
      ),
    onSuccess: async (_answer, { decision }) => {
      toast.success(done[decision]);
      await invalidateRuns(queryClient);
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { playbookRunDecisionResponseSchema } from '@vigil/domain';
import { apiRequest } from '@/lib/http.ts';
import { invalidateRuns } from './playbook-keys.ts';

export type RunDecision = 'approve' | 'reject' | 'cancel';

const done: Record<RunDecision, string> = {
  approve: 'Playbook run approved',
  reject: 'Playbook run rejected',
  cancel: 'Playbook run cancelled',
};

/** `POST /api/playbook/run/{approve|reject|cancel}/{run_id}`; the decider is the session's user. */
export function useRunDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ decision, runId }: { decision: RunDecision; runId: string }) =>
      apiRequest(
        'playbook',
        `/run/${decision}/${encodeURIComponent(runId)}`,
        playbookRunDecisionResponseSchema,
        { method: 'POST', body: {} },
      ),
    onSuccess: async (_answer, { decision }) => {
      toast.success(done[decision]);
      await invalidateRuns(queryClient);
    },
  });
}

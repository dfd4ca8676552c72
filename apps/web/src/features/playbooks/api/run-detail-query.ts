import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import {
  liveRunStatuses,
  playbookApprovalRowSchema,
  playbookRunActionRowSchema,
  playbookRunPollMs,
  playbookRunRowSchema,
  type PlaybookRunRow,
} from '@vigil/domain';
import { apiRequest } from '@/lib/http.ts';
import { playbookKeys } from './playbook-keys.ts';

const runSelect =
  '*,created_by(id,name),playbook:playbooks(id,name,title,icon,spec),' +
  'config:config_items(id,name,type),component:components(id,name,type,icon),check:checks(id,name,type,icon)';

export function isLiveRun(run: PlaybookRunRow | null | undefined): boolean {
  return run !== null && run !== undefined && liveRunStatuses.includes(run.status);
}

/** The run with its actions, refetched every 5 s while it is live (spec 002 §4, §9). */
export function useRunDetailQuery(id: string) {
  return useQuery({
    queryKey: playbookKeys.run(id),
    queryFn: async ({ signal }) => {
      const [runs, actions] = await Promise.all([
        apiRequest('db', '/playbook_runs', z.array(playbookRunRowSchema), {
          query: { id: `eq.${id}`, select: runSelect },
          signal,
        }),
        apiRequest('db', '/playbook_run_actions', z.array(playbookRunActionRowSchema), {
          query: { playbook_run_id: `eq.${id}`, select: '*', order: 'scheduled_time.asc' },
          signal,
        }),
      ]);
      const run = runs[0];
      return run === undefined ? null : { run, actions };
    },
    refetchInterval: (query) => (isLiveRun(query.state.data?.run) ? playbookRunPollMs : false),
    meta: { toast: false },
  });
}

/** Decisions on a run that waits for approval; their failure must not hide the run. */
export function useRunApprovalsQuery(runId: string, live: boolean) {
  return useQuery({
    queryKey: [...playbookKeys.run(runId), 'approvals'],
    queryFn: ({ signal }) =>
      apiRequest('db', '/playbook_approvals', z.array(playbookApprovalRowSchema), {
        query: {
          run_id: `eq.${runId}`,
          select: '*,person:people(id,name),team:teams(id,name)',
          order: 'created_at.asc',
        },
        signal,
      }),
    refetchInterval: live ? playbookRunPollMs : false,
    meta: { toast: false },
  });
}

import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { playbookListResponseSchema, playbookRowSchema } from '@vigil/domain';
import { apiList, apiRequest } from '@/lib/http.ts';
import { playbookKeys, targetFields, type PlaybookTarget } from './playbook-keys.ts';

/** `GET /api/playbook/list`: every playbook, or those that run on one config, component or check. */
export function usePlaybooksQuery(target?: PlaybookTarget, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: playbookKeys.list(target),
    queryFn: ({ signal }) =>
      apiRequest('playbook', '/list', playbookListResponseSchema, {
        query: targetFields(target),
        signal,
      }),
    enabled: options.enabled ?? true,
  });
}

const rowSelect =
  'id,name,namespace,title,icon,description,category,source,spec,created_at,updated_at';

/** The live playbooks with their specs (targets and parameters), for the cards and the dialog. */
export function usePlaybookRowsQuery() {
  return useQuery({
    queryKey: [...playbookKeys.lists(), 'rows'],
    queryFn: async ({ signal }) => {
      const result = await apiList('db', '/playbooks', playbookRowSchema, {
        query: { select: rowSelect, deleted_at: 'is.null', order: 'name.asc', limit: 1000 },
        signal,
      });
      return result.data;
    },
  });
}

/** One playbook with its spec: the run dialog opened from a menu needs its targets. */
export function usePlaybookRowQuery(id: string, enabled: boolean) {
  return useQuery({
    queryKey: playbookKeys.detail(id),
    queryFn: async ({ signal }) => {
      const rows = await apiRequest('db', '/playbooks', z.array(playbookRowSchema), {
        query: { select: rowSelect, id: `eq.${id}` },
        signal,
      });
      return rows[0] ?? null;
    },
    enabled,
  });
}

/** Days of history the cards count runs over: a bounded read, never the whole history. */
export const runCountDays = 30;
const recentRunSchema = z.object({ playbook_id: z.string(), created_at: z.string() });

export interface RunStats {
  count: number;
  last: string | undefined;
}

/** Runs of the last 30 days by playbook: how often each ran, and when last. */
export function useRecentRunStatsQuery() {
  return useQuery({
    queryKey: [...playbookKeys.runs(), 'stats', runCountDays],
    queryFn: async ({ signal }) => {
      const since = new Date(Date.now() - runCountDays * 86_400_000).toISOString();
      const result = await apiList('db', '/playbook_runs', recentRunSchema, {
        query: {
          select: 'playbook_id,created_at',
          created_at: `gte.${since}`,
          order: 'created_at.desc',
          limit: 5000,
        },
        signal,
      });
      const stats = new Map<string, RunStats>();
      for (const run of result.data) {
        const known = stats.get(run.playbook_id);
        stats.set(run.playbook_id, {
          count: (known?.count ?? 0) + 1,
          last: known?.last ?? run.created_at,
        });
      }
      return stats;
    },
    meta: { toast: false },
  });
}

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { parseTimeRange, playbookRunRowSchema, type PlaybookRunStatus } from '@vigil/domain';
import { apiList } from '@/lib/http.ts';
import { playbookKeys } from './playbook-keys.ts';

export interface RunsFilters {
  playbook?: string | undefined;
  status?: PlaybookRunStatus | undefined;
  /** A relative window such as 7d (spec 002 §9). */
  timeRange: string;
  pageIndex: number;
  pageSize: number;
  /** Runs on one config (the config page's Playbooks tab). */
  configId?: string;
}

/** What a runs table shows of a run and the names it needs. */
export const runListSelect =
  'id,playbook_id,status,created_at,start_time,end_time,scheduled_time,error,parameters,trigger,' +
  'config_id,component_id,check_id,created_by(id,name),playbook:playbooks(id,name,title,icon),' +
  'config:config_items(id,name,type),component:components(id,name,type,icon),check:checks(id,name,type,icon)';

/** `GET /api/db/playbook_runs` newest first, one page, with the exact count (spec 002 §7). */
export function useRunsQuery(filters: RunsFilters) {
  return useQuery({
    queryKey: playbookKeys.runList({ ...filters }),
    queryFn: ({ signal }) => {
      const window = parseTimeRange(filters.timeRange) ?? parseTimeRange('7d') ?? 0;
      const since = new Date(Date.now() - window).toISOString();
      return apiList('db', '/playbook_runs', playbookRunRowSchema, {
        query: {
          select: runListSelect,
          order: 'created_at.desc',
          created_at: `gte.${since}`,
          playbook_id: filters.playbook === undefined ? undefined : `eq.${filters.playbook}`,
          status: filters.status === undefined ? undefined : `eq.${filters.status}`,
          config_id: filters.configId === undefined ? undefined : `eq.${filters.configId}`,
          limit: filters.pageSize,
          offset: filters.pageIndex * filters.pageSize,
        },
        signal,
      });
    },
    placeholderData: keepPreviousData,
  });
}

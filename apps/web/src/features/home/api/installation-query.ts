import { useQuery } from '@tanstack/react-query';
import { localAgentId } from '@vigil/domain';
import { z } from 'zod';
import { apiList, type QueryValue } from '@/lib/http.ts';

export interface InstallationCounts {
  canaries: number;
  checks: number;
  agents: number;
  people: number;
}

/** How many rows a data-API list has, read from Content-Range without fetching them. */
async function count(
  table: string,
  filters: Record<string, QueryValue>,
  signal: AbortSignal,
): Promise<number> {
  const list = await apiList('db', `/${table}`, z.unknown(), {
    query: { select: 'id', limit: 1, deleted_at: 'is.null', ...filters },
    signal,
  });
  return list.totalEntries ?? list.data.length;
}

/** What the installation holds: the first run's progress is read from the data, so it lasts. */
export function useInstallationCounts() {
  return useQuery({
    queryKey: ['installation', 'counts'],
    queryFn: async ({ signal }): Promise<InstallationCounts> => {
      const [canaries, checks, agents, people] = await Promise.all([
        count('canaries', {}, signal),
        count('checks', {}, signal),
        count('agents', { id: `neq.${localAgentId}` }, signal),
        count('people', { type: 'eq.person' }, signal),
      ]);
      return { canaries, checks, agents, people };
    },
    staleTime: 0,
  });
}

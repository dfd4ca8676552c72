import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/http.ts';
import { topologyKeys } from './topology-keys.ts';

const ancestorSchema = z.object({ id: z.string(), name: z.string() });
export type Ancestor = z.infer<typeof ancestorSchema>;

/** Names of the components on a path (`a.b.c`), for the breadcrumb, in path order. */
export function useAncestorsQuery(path: string | null | undefined) {
  const ids = [...new Set((path ?? '').split('.'))].filter((id) => /^[0-9a-f-]{36}$/i.test(id));
  return useQuery({
    queryKey: topologyKeys.ancestors(ids),
    enabled: ids.length > 0,
    queryFn: async ({ signal }) => {
      const rows = await apiRequest('db', '/components', z.array(ancestorSchema), {
        query: { id: `in.(${ids.join(',')})`, select: 'id,name' },
        signal,
      });
      const byId = new Map(rows.map((row) => [row.id, row]));
      return ids.flatMap((id) => byId.get(id) ?? []);
    },
  });
}

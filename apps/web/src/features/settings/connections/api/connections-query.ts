import { connectionReadSchema } from '@vigil/domain';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiList } from '@/lib/http.ts';
import { connectionKeys } from './connection-keys.ts';

export const connectionListItemSchema = connectionReadSchema.extend({
  created_at: z.string().nullish(),
  updated_at: z.string().nullish(),
  created_by: z.object({ id: z.string(), name: z.string().nullish() }).nullish(),
});
export type ConnectionListItem = z.infer<typeof connectionListItemSchema>;

/** Spec 001 §7: the generic list, limit 100, deleted rows left out; secrets come masked. */
export async function fetchConnections(signal?: AbortSignal): Promise<ConnectionListItem[]> {
  const list = await apiList('db', '/connections_masked', connectionListItemSchema, {
    query: {
      select:
        'id,name,namespace,type,url,username,password,certificate,insecure_tls,properties,' +
        'created_at,updated_at,created_by(id,name)',
      deleted_at: 'is.null',
      order: 'name.asc',
      limit: 100,
    },
    signal,
  });
  return list.data;
}

export function useConnectionsQuery() {
  return useQuery({
    queryKey: connectionKeys.list(),
    queryFn: ({ signal }) => fetchConnections(signal),
    meta: { toast: false },
  });
}

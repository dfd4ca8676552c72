import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/http.ts';
import { canaryKeys } from '@/lib/resource-keys.ts';

const canarySchema = z.object({
  id: z.string(),
  name: z.string(),
  namespace: z.string(),
  labels: z.record(z.string(), z.coerce.string()).nullish(),
  spec: z.record(z.string(), z.unknown()),
  source: z.string().nullish(),
});
export type Canary = z.infer<typeof canarySchema>;

export function useCanaryQuery(id: string) {
  return useQuery({
    queryKey: canaryKeys.detail(id),
    queryFn: async ({ signal }) => {
      const rows = await apiRequest('db', '/canaries', z.array(canarySchema), {
        query: {
          select: 'id,name,namespace,labels,spec,source',
          id: `eq.${id}`,
          deleted_at: 'is.null',
        },
        signal,
      });
      return rows[0] ?? null;
    },
    meta: { toast: false },
  });
}

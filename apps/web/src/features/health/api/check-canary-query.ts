import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/http.ts';
import { canaryKeys } from '@/lib/resource-keys.ts';

const canaryRows = z.array(
  z.object({
    id: z.string(),
    name: z.string(),
    namespace: z.string().nullable(),
    source: z.string().nullable(),
  }),
);

export type CheckCanary = z.infer<typeof canaryRows>[number];

/** The canary a check comes from: its source decides between Edit and a source link. */
export function useCheckCanary(canaryId: string) {
  return useQuery({
    queryKey: canaryKeys.detailView(canaryId, 'source'),
    queryFn: async ({ signal }) => {
      const rows = await apiRequest('db', '/canaries', canaryRows, {
        query: { id: `eq.${canaryId}`, select: 'id,source,name,namespace' },
        signal,
      });
      return rows[0] ?? null;
    },
    // The footer falls back to Edit; a failed lookup needs no toast.
    meta: { toast: false },
  });
}

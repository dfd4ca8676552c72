import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/http.ts';
import { checkKeys } from '@/lib/resource-keys.ts';

const definitionRows = z.array(
  z.object({ id: z.string(), spec: z.record(z.string(), z.unknown()).nullable() }),
);

/** The check's own definition (its entry of the canary's spec), for the Spec tab. */
export function useCheckDefinition(checkId: string) {
  return useQuery({
    queryKey: checkKeys.definition(checkId),
    queryFn: async ({ signal }) => {
      const rows = await apiRequest('db', '/checks', definitionRows, {
        query: { id: `eq.${checkId}`, select: 'id,spec' },
        signal,
      });
      return rows[0]?.spec ?? null;
    },
  });
}

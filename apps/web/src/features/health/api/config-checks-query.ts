import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/http.ts';
import { checkKeys } from '@/lib/resource-keys.ts';

export const configCheckSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string().nullable(),
  status: z.string().nullable(),
  namespace: z.string().nullable(),
  last_runtime: z.string().nullable(),
});
export type ConfigCheck = z.output<typeof configCheckSchema>;

/** The live checks linked to a config (spec 001 §7: GET /check_summary_for_config). */
export function useConfigChecks(configId: string) {
  return useQuery({
    queryKey: checkKeys.ofConfig(configId),
    queryFn: ({ signal }) =>
      apiRequest('db', '/check_summary_for_config', z.array(configCheckSchema), {
        query: {
          config_id: `eq.${configId}`,
          select: 'id,name,type,status,namespace,last_runtime',
          order: 'name.asc',
        },
        signal,
      }),
  });
}

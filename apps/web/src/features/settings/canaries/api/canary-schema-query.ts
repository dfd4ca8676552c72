import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/http.ts';
import { canaryKeys } from '@/lib/resource-keys.ts';

/** The Canary resource's JSON schema, which the YAML editor validates against as you type. */
export function useCanarySchemaQuery() {
  return useQuery({
    queryKey: canaryKeys.schema(),
    queryFn: ({ signal }) =>
      apiRequest('root', '/schemas/canary.schema.json', z.record(z.string(), z.unknown()), {
        signal,
      }),
    staleTime: Infinity,
    meta: { toast: false },
  });
}

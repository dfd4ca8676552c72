import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/http.ts';
import type { SpecSchemaSource } from '../model/resource-definition.ts';
import { resourceKeys } from './resource-keys.ts';

/** The resource's JSON schema (GET /api/schemas/{source}.schema.json), when it has one. */
export function useSpecSchemaQuery(source: SpecSchemaSource | undefined) {
  return useQuery({
    queryKey: [...resourceKeys.all, 'schema', source ?? 'none'] as const,
    queryFn: ({ signal }) =>
      apiRequest(
        'root',
        `/schemas/${source ?? ''}.schema.json`,
        z.record(z.string(), z.unknown()),
        {
          signal,
        },
      ),
    enabled: source !== undefined,
    staleTime: Infinity,
    meta: { toast: false },
  });
}

import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/http.ts';
import { systemKeys } from './system-keys.ts';

export const probeStatusSchema = z.enum(['ok', 'error']);
export type ProbeStatus = z.infer<typeof probeStatusSchema>;

export const healthSchema = z.object({
  status: probeStatusSchema,
  database: probeStatusSchema,
  version: z.string(),
});
export type Health = z.infer<typeof healthSchema>;

export function fetchHealth(signal?: AbortSignal): Promise<Health> {
  return apiRequest('root', '/health', healthSchema, { signal });
}

/** Liveness of the API and its database, plus the backend version for the user menu. */
export function useHealthQuery() {
  return useQuery({
    queryKey: systemKeys.health(),
    queryFn: ({ signal }) => fetchHealth(signal),
    meta: { toast: false },
  });
}

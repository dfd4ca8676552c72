import type { QueryClient } from '@tanstack/react-query';
import { incidentKeys } from './incident-keys.ts';

/** A write to an incident or its parts refreshes its detail, changelog, comments and lists. */
export async function invalidateIncidents(queryClient: QueryClient): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: incidentKeys.all });
}

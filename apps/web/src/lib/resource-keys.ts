import type { QueryClient } from '@tanstack/react-query';

/**
 * Query keys by resource, not by feature: every view of a canary or a check, whichever feature
 * shows it, sits under its resource's root, so one invalidation reaches them all.
 */
export const canaryKeys = {
  all: ['canaries'] as const,
  lists: () => [...canaryKeys.all, 'list'] as const,
  list: (filters: Record<string, unknown> = {}) => [...canaryKeys.lists(), filters] as const,
  detail: (id: string) => [...canaryKeys.all, 'detail', id] as const,
  /** A narrower read of one canary (a few columns); refreshed with its detail. */
  detailView: (id: string, view: string) => [...canaryKeys.detail(id), view] as const,
  schema: () => [...canaryKeys.all, 'schema'] as const,
  jobs: (id: string) => [...canaryKeys.all, 'jobs', id] as const,
};

export const checkKeys = {
  all: ['checks'] as const,
  summary: (timeRange: string) => [...checkKeys.all, 'summary', timeRange] as const,
  graph: (checkId: string, range: unknown) => [...checkKeys.all, 'graph', checkId, range] as const,
  history: (checkId: string) => [...checkKeys.all, 'history', checkId] as const,
  definition: (checkId: string) => [...checkKeys.all, 'definition', checkId] as const,
  relationships: (checkId: string) => [...checkKeys.all, 'relationships', checkId] as const,
  ofConfig: (configId: string) => [...checkKeys.all, 'of-config', configId] as const,
};

export interface InvalidateOptions {
  /** 'none' marks the views stale without refetching the ones on screen. */
  refetchType?: 'active' | 'none';
}

/** A canary's checks come from its spec: a change to it reaches every canary and check view. */
export async function invalidateCanary(
  queryClient: QueryClient,
  { refetchType = 'active' }: InvalidateOptions = {},
): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: canaryKeys.all, refetchType }),
    queryClient.invalidateQueries({ queryKey: checkKeys.all, refetchType }),
  ]);
}

/** A run writes new statuses: every check view refreshes, and the canary lists that show them. */
export async function invalidateCheckRun(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: checkKeys.all }),
    queryClient.invalidateQueries({ queryKey: canaryKeys.lists() }),
  ]);
}

/** Every view of a config item (list, detail, changes, insights, relationships). */
export const configKeys = {
  all: ['configs'] as const,
  lists: () => [...configKeys.all, 'list'] as const,
  list: (filters: Record<string, unknown>) => [...configKeys.lists(), filters] as const,
  summary: (filters: Record<string, unknown>) => [...configKeys.all, 'summary', filters] as const,
  detail: (id: string) => [...configKeys.all, 'detail', id] as const,
  changes: (filters: Record<string, unknown>) => [...configKeys.all, 'changes', filters] as const,
  change: (id: string) => [...configKeys.all, 'change', id] as const,
  insights: (filters: Record<string, unknown>) => [...configKeys.all, 'insights', filters] as const,
  relationships: (id: string, filters: Record<string, unknown>) =>
    [...configKeys.all, 'relationships', id, filters] as const,
  counts: (id: string) => [...configKeys.all, 'counts', id] as const,
};

import type { QueryClient } from '@tanstack/react-query';

export type PlaybookTarget =
  | { kind: 'config'; id: string }
  | { kind: 'component'; id: string }
  | { kind: 'check'; id: string };

/** Every view of playbooks and their runs; a run, approval or spec change refreshes its root. */
export const playbookKeys = {
  all: ['playbooks'] as const,
  lists: () => [...playbookKeys.all, 'list'] as const,
  list: (target: PlaybookTarget | undefined) => [...playbookKeys.lists(), target ?? null] as const,
  names: () => [...playbookKeys.all, 'names'] as const,
  detail: (id: string) => [...playbookKeys.all, 'detail', id] as const,
  params: (id: string, target: PlaybookTarget | undefined) =>
    [...playbookKeys.all, 'params', id, target ?? null] as const,
  schema: () => [...playbookKeys.all, 'schema'] as const,
  resources: (kind: string, search: string) =>
    [...playbookKeys.all, 'resources', kind, search] as const,
  options: (kind: string, search: string) =>
    [...playbookKeys.all, 'options', kind, search] as const,
  runs: () => [...playbookKeys.all, 'runs'] as const,
  runList: (filters: Record<string, unknown>) => [...playbookKeys.runs(), 'list', filters] as const,
  run: (id: string) => [...playbookKeys.runs(), 'detail', id] as const,
};

/** A new run or a decision on one: run lists, run details and the run counts on the cards. */
export async function invalidateRuns(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: playbookKeys.runs() }),
    queryClient.invalidateQueries({ queryKey: playbookKeys.lists() }),
  ]);
}

/** The request fields of a target: at most one of config_id, component_id, check_id. */
export function targetFields(target: PlaybookTarget | undefined): Record<string, string> {
  return target === undefined ? {} : { [`${target.kind}_id`]: target.id };
}

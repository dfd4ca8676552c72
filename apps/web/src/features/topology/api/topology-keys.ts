/** Every topology view sits under one root, so a link or unlink refreshes them all. */
export const topologyKeys = {
  all: ['topology'] as const,
  tree: (query: Record<string, unknown>) => [...topologyKeys.all, 'tree', query] as const,
  ancestors: (ids: readonly string[]) => [...topologyKeys.all, 'ancestors', ids] as const,
  component: (id: string, view: string) => [...topologyKeys.all, 'component', id, view] as const,
  agents: () => [...topologyKeys.all, 'agents'] as const,
  configSearch: (search: string) => [...topologyKeys.all, 'config-search', search] as const,
};

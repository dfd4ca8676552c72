/** Every view of incidents sits under one root, so a change refreshes them all. */
export const incidentKeys = {
  all: ['incidents'] as const,
  lists: () => [...incidentKeys.all, 'list'] as const,
  list: (filters: Record<string, unknown>) => [...incidentKeys.lists(), filters] as const,
  detail: (id: string) => [...incidentKeys.all, 'detail', id] as const,
  comments: (id: string) => [...incidentKeys.all, 'comments', id] as const,
  history: (id: string) => [...incidentKeys.all, 'history', id] as const,
  pickers: (what: string, filter = '') => [...incidentKeys.all, 'pickers', what, filter] as const,
};

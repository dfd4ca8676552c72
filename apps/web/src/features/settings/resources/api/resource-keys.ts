/** Query keys of the generic settings resources; a write invalidates its table's keys. */
export const resourceKeys = {
  all: ['settings-resources'] as const,
  table: (table: string) => [...resourceKeys.all, table] as const,
  list: (table: string) => [...resourceKeys.table(table), 'list'] as const,
  detail: (table: string, id: string) => [...resourceKeys.table(table), 'detail', id] as const,
  jobs: (table: string, id: string) => [...resourceKeys.table(table), 'jobs', id] as const,
  members: (teamId: string) => [...resourceKeys.table('teams'), 'members', teamId] as const,
  people: () => [...resourceKeys.all, 'people'] as const,
};

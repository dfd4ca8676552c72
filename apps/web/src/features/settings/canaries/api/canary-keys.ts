export const canaryKeys = {
  all: ['canaries'] as const,
  list: () => [...canaryKeys.all, 'list'] as const,
  detail: (id: string) => [...canaryKeys.all, 'detail', id] as const,
  schema: () => [...canaryKeys.all, 'schema'] as const,
  jobs: (id: string) => [...canaryKeys.all, 'jobs', id] as const,
};

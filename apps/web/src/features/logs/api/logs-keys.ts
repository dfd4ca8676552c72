import type { LogQueryRequest } from '@vigil/domain';

/** Query keys of the logs viewer. */
export const logsKeys = {
  all: ['logs'] as const,
  components: () => [...logsKeys.all, 'components-with-logs'] as const,
  lines: (request: LogQueryRequest) => [...logsKeys.all, 'lines', request] as const,
};

import type { TimeRange } from '../model/check-time-range.ts';

/** Query keys of the check detail modal; all sit under ['health'] so a run refreshes them. */
export const checkDetailKeys = {
  all: ['health'] as const,
  graph: (checkId: string, range: TimeRange) => ['health', 'graph', checkId, range] as const,
  history: (checkId: string) => ['health', 'history', checkId] as const,
  definition: (checkId: string) => ['health', 'check-definition', checkId] as const,
  canary: (canaryId: string) => ['health', 'canary', canaryId] as const,
  relationships: (checkId: string) => ['health', 'relationships', checkId] as const,
};

import { topologyJsonSchema } from '../../topology/index.ts';
import { scheduledSpecKind } from './scheduled-spec-kind.ts';

/** canary-checker's Topology (canaries.flanksource.com/v1), stored in topologies. */
export const topologyKind = scheduledSpecKind({
  group: 'canaries.flanksource.com',
  kind: 'Topology',
  plural: 'topologies',
  singular: 'topology',
  target: 'topologies',
  noun: 'topology',
  defaultSchedule: '@every 5m',
  jsonSchema: topologyJsonSchema,
});

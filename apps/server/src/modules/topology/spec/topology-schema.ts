import { z } from 'zod';
import { topologyResource } from './topology-spec.ts';

/** canary-checker's Topology resource (canaries.flanksource.com/v1) as JSON schema. */
export function topologyJsonSchema(): unknown {
  return z.toJSONSchema(topologyResource, { unrepresentable: 'any', io: 'input', cycles: 'ref' });
}

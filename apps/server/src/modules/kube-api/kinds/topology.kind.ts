import { localAgentId } from '@vigil/domain';
import { z } from 'zod';
import type { Actor } from '../../../platform/http/actor.ts';
import { topologyJsonSchema } from '../../topology/index.ts';
import type { KubeObject, StoredFields } from '../kube-object.ts';
import { kubeTime, resourceVersionOf } from '../resource-version.ts';
import { humanAge } from '../table.ts';
import { column, schemaObject } from './kind-parts.ts';
import type { KubeKind } from './kube-kind.ts';

const stringMap = z
  .record(z.string(), z.unknown())
  .nullable()
  .transform((map) =>
    map ? Object.fromEntries(Object.entries(map).map(([k, v]) => [k, String(v)])) : null,
  );

const topologyRow = z.object({
  id: z.string(),
  name: z.string(),
  namespace: z.string(),
  labels: stringMap,
  spec: z.unknown(),
  schedule: z.string().nullable(),
  last_runtime: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});

/** canary-checker's Topology (canaries.flanksource.com/v1), stored in topologies. */
export const topologyKind: KubeKind = {
  group: 'canaries.flanksource.com',
  version: 'v1',
  kind: 'Topology',
  plural: 'topologies',
  singular: 'topology',
  shortNames: ['topology'],
  categories: ['all'],
  target: 'topologies',
  select: 'id,name,namespace,labels,spec,schedule,last_runtime,created_at,updated_at',
  scope: [
    ['agent_id', `eq.${localAgentId}`],
    ['deleted_at', 'is.null'],
  ],
  toObject(value): KubeObject {
    const row = topologyRow.parse(value);
    const labels = row.labels && Object.keys(row.labels).length > 0 ? row.labels : undefined;
    return {
      apiVersion: 'canaries.flanksource.com/v1',
      kind: 'Topology',
      metadata: {
        name: row.name,
        namespace: row.namespace,
        uid: row.id,
        resourceVersion: resourceVersionOf(row.updated_at),
        creationTimestamp: kubeTime(row.created_at),
        ...(labels ? { labels } : {}),
      },
      spec: row.spec,
      status: { lastRun: row.last_runtime ? kubeTime(row.last_runtime) : null },
    };
  },
  createColumns: (actor: Actor) => ({
    source: 'api/kubernetes',
    ...(actor.kind === 'user' && actor.id ? { created_by: actor.id } : {}),
  }),
  deleteColumns: () => ({ deleted_at: new Date().toISOString() }),
  toColumns: (fields: StoredFields) => ({
    name: fields.name,
    namespace: fields.namespace,
    labels: fields.labels,
    spec: fields.spec,
  }),
  columns: [
    column('Name', 'string', 'name', 'Name of the topology'),
    column('Schedule', 'string', '', 'Cron expression or @every interval'),
    column('Age', 'date', '', 'Time since the topology was created'),
  ],
  cells(object: KubeObject, now: Date) {
    const spec = z.object({ schedule: z.string().optional() }).safeParse(object.spec);
    return [
      object.metadata.name,
      (spec.success && spec.data.schedule) || '@every 5m',
      humanAge(object.metadata.creationTimestamp, now),
    ];
  },
  schema: () => schemaObject(topologyJsonSchema()),
};

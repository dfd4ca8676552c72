import { localAgentId } from '@vigil/domain';
import { z } from 'zod';
import type { Actor } from '../../../platform/http/actor.ts';
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

const scheduledRow = z.object({
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

/** The source the Kubernetes-style API stamps, and names to change what it manages. */
const apiSource = 'api/kubernetes';

export interface ScheduledSpecKind {
  readonly group: string;
  readonly kind: string;
  readonly plural: string;
  readonly singular: string;
  /** The table the objects are stored in. */
  readonly target: string;
  /** What the table's columns call one object, e.g. `scrape config`. */
  readonly noun: string;
  readonly defaultSchedule: string;
  readonly jsonSchema: () => unknown;
}

/**
 * A kind whose objects are specs run on their own schedule (ScrapeConfig, Topology): this
 * installation's live rows, with the last run as status, source-managed by this API.
 */
export function scheduledSpecKind(definition: ScheduledSpecKind): KubeKind {
  const apiVersion = `${definition.group}/v1`;
  return {
    group: definition.group,
    version: 'v1',
    kind: definition.kind,
    plural: definition.plural,
    singular: definition.singular,
    shortNames: [definition.singular],
    categories: ['all'],
    target: definition.target,
    select: 'id,name,namespace,labels,spec,schedule,last_runtime,created_at,updated_at',
    scope: [
      ['agent_id', `eq.${localAgentId}`],
      ['deleted_at', 'is.null'],
    ],
    toObject(value): KubeObject {
      const row = scheduledRow.parse(value);
      const labels = row.labels && Object.keys(row.labels).length > 0 ? row.labels : undefined;
      return {
        apiVersion,
        kind: definition.kind,
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
      source: apiSource,
      ...(actor.kind === 'user' && actor.id ? { created_by: actor.id } : {}),
    }),
    // Naming its source, the API re-applies the objects it manages (data-api/source-managed.ts).
    deleteColumns: () => ({ deleted_at: new Date().toISOString(), source: apiSource }),
    toColumns: (fields: StoredFields) => ({
      source: apiSource,
      name: fields.name,
      namespace: fields.namespace,
      labels: fields.labels,
      spec: fields.spec,
    }),
    columns: [
      column('Name', 'string', 'name', `Name of the ${definition.noun}`),
      column('Schedule', 'string', '', 'Cron expression or @every interval'),
      column('Age', 'date', '', `Time since the ${definition.noun} was created`),
    ],
    cells(object: KubeObject, now: Date) {
      const spec = z.object({ schedule: z.string().optional() }).safeParse(object.spec);
      return [
        object.metadata.name,
        (spec.success && spec.data.schedule) || definition.defaultSchedule,
        humanAge(object.metadata.creationTimestamp, now),
      ];
    },
    schema: () => schemaObject(definition.jsonSchema()),
  };
}

import { localAgentId } from '@vigil/domain';
import { z } from 'zod';
import type { Actor } from '../../../platform/http/actor.ts';
import { canaryJsonSchema } from '../../health/index.ts';
import type { KubeObject, StoredFields } from '../kube-object.ts';
import { kubeTime, resourceVersionOf } from '../resource-version.ts';
import { humanAge } from '../table.ts';
import { column, schemaObject } from './kind-parts.ts';
import type { KubeKind } from './kube-kind.ts';

/** Labels written elsewhere may hold numbers or booleans; Kubernetes only has strings. */
const stringMap = z
  .record(z.string(), z.unknown())
  .nullable()
  .transform((map) =>
    map ? Object.fromEntries(Object.entries(map).map(([k, v]) => [k, String(v)])) : null,
  );

const canaryRow = z.object({
  id: z.string(),
  name: z.string(),
  namespace: z.string(),
  labels: stringMap,
  annotations: stringMap,
  spec: z.unknown(),
  schedule: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  checks: z
    .array(
      z.object({
        id: z.string(),
        name: z.string(),
        type: z.string(),
        status: z.string().nullable(),
        deleted_at: z.string().nullable(),
      }),
    )
    .default([]),
});

const canaryStatus = z.object({
  status: z.string(),
  checks: z.record(z.string(), z.string()),
});

/** canary-checker's overall states: every check passed, one failed, or none has run yet. */
function overall(checks: ReadonlyArray<{ status: string | null }>): string {
  if (checks.some((check) => check.status === 'unhealthy')) return 'Failed';
  if (checks.length > 0 && checks.every((check) => check.status === 'healthy')) return 'Passed';
  return 'Pending';
}

function nonEmpty(map: Record<string, string> | null): Record<string, string> | undefined {
  return map && Object.keys(map).length > 0 ? map : undefined;
}

/** canary-checker's Canary (canaries.flanksource.com/v1), stored in the canaries table. */
export const canaryKind: KubeKind = {
  group: 'canaries.flanksource.com',
  version: 'v1',
  kind: 'Canary',
  plural: 'canaries',
  singular: 'canary',
  shortNames: ['canary'],
  categories: ['all'],
  target: 'canaries',
  select:
    'id,name,namespace,labels,annotations,spec,schedule,created_at,updated_at,checks(id,name,type,status,deleted_at)',
  scope: [
    ['agent_id', `eq.${localAgentId}`],
    ['deleted_at', 'is.null'],
  ],
  toObject(value): KubeObject {
    const row = canaryRow.parse(value);
    const live = row.checks.filter((check) => check.deleted_at === null);
    const labels = nonEmpty(row.labels);
    const annotations = nonEmpty(row.annotations);
    return {
      apiVersion: 'canaries.flanksource.com/v1',
      kind: 'Canary',
      metadata: {
        name: row.name,
        namespace: row.namespace,
        uid: row.id,
        resourceVersion: resourceVersionOf(row.updated_at),
        creationTimestamp: kubeTime(row.created_at),
        ...(labels ? { labels } : {}),
        ...(annotations ? { annotations } : {}),
      },
      spec: row.spec,
      status: {
        status: overall(live),
        checks: Object.fromEntries(live.map((check) => [`${check.type}/${check.name}`, check.id])),
      },
    };
  },
  createColumns: (actor: Actor) => ({
    source: 'api/kubernetes',
    ...(actor.kind === 'user' && actor.id ? { created_by: actor.id } : {}),
  }),
  // Naming its source, the API re-applies the objects it manages (data-api/source-managed.ts).
  deleteColumns: () => ({ deleted_at: new Date().toISOString(), source: 'api/kubernetes' }),
  toColumns: (fields: StoredFields) => ({
    source: 'api/kubernetes',
    name: fields.name,
    namespace: fields.namespace,
    labels: fields.labels,
    annotations: fields.annotations,
    spec: fields.spec,
  }),
  columns: [
    column('Name', 'string', 'name', 'Name of the canary'),
    column('Schedule', 'string', '', 'Cron expression or @every interval'),
    column('Checks', 'integer', '', 'Number of checks the canary declares'),
    column('Status', 'string', '', 'Passed, Failed or Pending'),
    column('Age', 'date', '', 'Time since the canary was created'),
  ],
  cells(object: KubeObject, now: Date) {
    const status = canaryStatus.safeParse(object.status);
    const spec = z
      .object({ schedule: z.string().optional(), interval: z.number().optional() })
      .safeParse(object.spec);
    const schedule =
      (spec.success &&
        (spec.data.schedule ?? (spec.data.interval && `@every ${spec.data.interval}s`))) ||
      '';
    return [
      object.metadata.name,
      schedule,
      status.success ? Object.keys(status.data.checks).length : 0,
      status.success ? status.data.status : 'Pending',
      humanAge(object.metadata.creationTimestamp, now),
    ];
  },
  schema: () => schemaObject(canaryJsonSchema()),
};

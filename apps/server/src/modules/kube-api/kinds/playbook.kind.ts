import { z } from 'zod';
import type { Actor } from '../../../platform/http/actor.ts';
import { playbookJsonSchema } from '../../playbooks/index.ts';
import type { KubeObject, StoredFields } from '../kube-object.ts';
import { kubeTime, resourceVersionOf } from '../resource-version.ts';
import { humanAge } from '../table.ts';
import { column, schemaObject } from './kind-parts.ts';
import type { KubeKind } from './kube-kind.ts';

const playbookRow = z.object({
  id: z.string(),
  name: z.string(),
  namespace: z.string(),
  category: z.string().nullable(),
  spec: z.unknown(),
  created_at: z.string(),
  updated_at: z.string(),
});

/** Mission Control's Playbook (mission-control.flanksource.com/v1), stored in playbooks. */
export const playbookKind: KubeKind = {
  group: 'mission-control.flanksource.com',
  version: 'v1',
  kind: 'Playbook',
  plural: 'playbooks',
  singular: 'playbook',
  shortNames: ['playbook'],
  categories: ['all'],
  target: 'playbooks',
  select: 'id,name,namespace,category,spec,created_at,updated_at',
  scope: [['deleted_at', 'is.null']],
  toObject(value): KubeObject {
    const row = playbookRow.parse(value);
    return {
      apiVersion: 'mission-control.flanksource.com/v1',
      kind: 'Playbook',
      metadata: {
        name: row.name,
        namespace: row.namespace,
        uid: row.id,
        resourceVersion: resourceVersionOf(row.updated_at),
        creationTimestamp: kubeTime(row.created_at),
      },
      spec: row.spec,
      status: {},
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
    spec: fields.spec,
  }),
  columns: [
    column('Name', 'string', 'name', 'Name of the playbook'),
    column('Category', 'string', '', 'Category the playbook is listed under'),
    column('Age', 'date', '', 'Time since the playbook was created'),
  ],
  cells(object: KubeObject, now: Date) {
    const spec = z.object({ category: z.string().optional() }).safeParse(object.spec);
    return [
      object.metadata.name,
      (spec.success && spec.data.category) || 'Other',
      humanAge(object.metadata.creationTimestamp, now),
    ];
  },
  schema: () => schemaObject(playbookJsonSchema()),
};

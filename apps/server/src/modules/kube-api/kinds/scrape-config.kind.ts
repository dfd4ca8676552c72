import { localAgentId } from '@vigil/domain';
import { z } from 'zod';
import type { Actor } from '../../../platform/http/actor.ts';
import { scrapeConfigJsonSchema } from '../../catalog/index.ts';
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

const scraperRow = z.object({
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

/** config-db's ScrapeConfig (configs.flanksource.com/v1), stored in config_scrapers. */
export const scrapeConfigKind: KubeKind = {
  group: 'configs.flanksource.com',
  version: 'v1',
  kind: 'ScrapeConfig',
  plural: 'scrapeconfigs',
  singular: 'scrapeconfig',
  shortNames: ['scrapeconfig'],
  categories: ['all'],
  target: 'config_scrapers',
  select: 'id,name,namespace,labels,spec,schedule,last_runtime,created_at,updated_at',
  scope: [
    ['agent_id', `eq.${localAgentId}`],
    ['deleted_at', 'is.null'],
  ],
  toObject(value): KubeObject {
    const row = scraperRow.parse(value);
    const labels = row.labels && Object.keys(row.labels).length > 0 ? row.labels : undefined;
    return {
      apiVersion: 'configs.flanksource.com/v1',
      kind: 'ScrapeConfig',
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
  // Naming its source, the API re-applies the objects it manages (data-api/source-managed.ts).
  deleteColumns: () => ({ deleted_at: new Date().toISOString(), source: 'api/kubernetes' }),
  toColumns: (fields: StoredFields) => ({
    source: 'api/kubernetes',
    name: fields.name,
    namespace: fields.namespace,
    labels: fields.labels,
    spec: fields.spec,
  }),
  columns: [
    column('Name', 'string', 'name', 'Name of the scrape config'),
    column('Schedule', 'string', '', 'Cron expression or @every interval'),
    column('Age', 'date', '', 'Time since the scrape config was created'),
  ],
  cells(object: KubeObject, now: Date) {
    const spec = z.object({ schedule: z.string().optional() }).safeParse(object.spec);
    return [
      object.metadata.name,
      (spec.success && spec.data.schedule) || '@every 1h',
      humanAge(object.metadata.creationTimestamp, now),
    ];
  },
  schema: () => schemaObject(scrapeConfigJsonSchema()),
};

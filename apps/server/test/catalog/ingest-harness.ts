import { Registry } from 'prom-client';
import { z } from 'zod';
import { createEnqueue, type Enqueue } from '../../src/modules/events/enqueue.ts';
import { createEventMetrics } from '../../src/modules/events/event-metrics.ts';
import type {
  ScrapedItem,
  ScrapeResult,
} from '../../src/modules/catalog/scrapers/scrape-result.ts';
import type { Database } from '../../src/platform/db.ts';

export const localAgent = '00000000-0000-0000-0000-000000000000';

export const configEventNames = [
  'config.created',
  'config.updated',
  'config.deleted',
  'config.healthy',
  'config.unhealthy',
  'config.warning',
  'config.unknown',
];

/** The queue's real enqueue(), as if a consumer took every config.* event. */
export function configEnqueue(): Enqueue {
  return createEnqueue({
    consumed: new Set(configEventNames),
    filters: new Map(),
    metrics: createEventMetrics(new Registry()),
  });
}

export async function createScraper(db: Database, name: string): Promise<string> {
  const result = await db.pool.query(
    `insert into config_scrapers (name, spec) values ($1, '{}'::jsonb) returning id`,
    [name],
  );
  return z.object({ id: z.string() }).parse(result.rows[0]).id;
}

export function result(parts: Partial<ScrapeResult>): ScrapeResult {
  return { items: [], changes: [], analysis: [], relationships: [], errors: [], ...parts };
}

export function pod(name: string, extra: Partial<ScrapedItem> = {}): ScrapedItem {
  return {
    externalId: `uid-${name}`,
    type: 'Kubernetes::Pod',
    configClass: 'Pod',
    name,
    namespace: 'default',
    health: 'healthy',
    config: {
      metadata: { name, namespace: 'default' },
      spec: { replicas: 1, image: 'nginx:1.25' },
    },
    parent: { type: 'Kubernetes::Namespace', externalId: 'uid-ns-default' },
    ...extra,
  };
}

export const namespaceItem: ScrapedItem = {
  externalId: 'uid-ns-default',
  type: 'Kubernetes::Namespace',
  configClass: 'Namespace',
  name: 'default',
  config: { metadata: { name: 'default' } },
  parent: { type: 'Kubernetes::Cluster', externalId: 'cluster-1' },
};

export const clusterItem: ScrapedItem = {
  externalId: 'cluster-1',
  type: 'Kubernetes::Cluster',
  configClass: 'Cluster',
  name: 'prod',
  config: { name: 'prod' },
};

export async function rows<T extends z.ZodType>(
  db: Database,
  schema: T,
  text: string,
  values: readonly unknown[] = [],
): Promise<Array<z.infer<T>>> {
  const found = await db.pool.query(text, [...values]);
  return z.array(schema).parse(found.rows);
}

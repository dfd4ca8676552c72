import { request, type APIRequestContext } from '@playwright/test';
import { z } from 'zod';
import { authStatePath, expect } from './fixtures.ts';

/** Fixed ids, so that the layout pass can list the detail screens; upserts keep reruns clean. */
export const catalogIds = {
  namespace: '0193a000-0000-7000-8000-0000000000c1',
  service: '0193a000-0000-7000-8000-0000000000c2',
  pods: [
    '0193a000-0000-7000-8000-0000000000d1',
    '0193a000-0000-7000-8000-0000000000d2',
    '0193a000-0000-7000-8000-0000000000d3',
    '0193a000-0000-7000-8000-0000000000d4',
  ],
  deleted: '0193a000-0000-7000-8000-0000000000c3',
  change: '0193a000-0000-7000-8000-0000000000e1',
  insight: '0193a000-0000-7000-8000-0000000000f1',
  scraper: '0193a000-0000-7000-8000-0000000000a1',
} as const;

export const catalogNames = {
  namespace: 'e2e-payments-namespace',
  service: 'e2e-payments-api-service',
  pod: (index: number) => `e2e-payments-api-pod-${index}`,
  deleted: 'e2e-payments-old-deployment',
};

export const changeDiff = `--- a/config
+++ b/config
@@ -1,5 +1,5 @@
 {
   "kind": "Namespace",
-  "replicas": 2,
+  "replicas": 3,
   "owner": "payments"
 }
`;

async function upsert(api: APIRequestContext, table: string, rows: unknown[]): Promise<void> {
  const answer = await api.post(`/api/db/${table}`, {
    data: rows,
    headers: { Prefer: 'resolution=merge-duplicates,return=minimal' },
  });
  expect(answer.status(), `${table}: ${await answer.text()}`).toBeLessThan(300);
}

/** A namespace with a service (manual link), 4 pods (one group), a change, an insight. */
export async function seedCatalog(baseURL: string): Promise<void> {
  const api = await request.newContext({
    baseURL,
    storageState: authStatePath('admin'),
    extraHTTPHeaders: { Origin: baseURL },
  });
  const now = new Date().toISOString();
  const item = (id: string, name: string, type: string, extra: Record<string, unknown> = {}) => ({
    id,
    name,
    type,
    config_class: type.split('::')[1],
    status: 'Running',
    health: 'healthy',
    tags: { cluster: 'e2e', namespace: 'payments' },
    labels: { app: 'payments' },
    config: { kind: type.split('::')[1], name, replicas: 3, owner: 'payments' },
    last_scraped_time: now,
    cost_total_1d: 2,
    cost_total_7d: 12,
    cost_total_30d: 42.5,
    deleted_at: null,
    ...extra,
  });
  await upsert(api, 'config_items', [
    item(catalogIds.namespace, catalogNames.namespace, 'Kubernetes::Namespace', {
      properties: [{ name: 'Region', text: 'eu-west-1' }],
    }),
    item(catalogIds.service, catalogNames.service, 'Kubernetes::Service', { health: 'warning' }),
    ...catalogIds.pods.map((id, index) =>
      item(id, catalogNames.pod(index + 1), 'Kubernetes::Pod', {
        health: index === 0 ? 'unhealthy' : 'healthy',
      }),
    ),
    item(catalogIds.deleted, catalogNames.deleted, 'Kubernetes::Deployment', { deleted_at: now }),
  ]);
  // Links are never edited (a write hook refuses it): insert only the missing ones.
  const existing = await api.get(
    `/api/db/config_relationships?config_id=eq.${catalogIds.namespace}&select=related_id`,
  );
  const linked = new Set(
    z
      .array(z.object({ related_id: z.string() }))
      .parse(await existing.json())
      .map((r) => r.related_id),
  );
  const links = [
    {
      config_id: catalogIds.namespace,
      related_id: catalogIds.service,
      selector_id: 'manual',
      deleted_at: null,
    },
    ...catalogIds.pods.map((id) => ({
      config_id: catalogIds.namespace,
      related_id: id,
      // The data API only writes manual links (scrapers write theirs through ingest).
      selector_id: 'manual',
      relation: 'NamespacePod',
      deleted_at: null,
    })),
  ].filter((link) => !linked.has(link.related_id));
  if (links.length > 0) await upsert(api, 'config_relationships', links);
  await upsert(api, 'config_changes', [
    {
      id: catalogIds.change,
      config_id: catalogIds.namespace,
      change_type: 'diff',
      severity: 'medium',
      source: 'e2e-scraper',
      summary: 'replicas 2 → 3',
      diff: changeDiff,
      details: { replicas: { from: 2, to: 3 } },
      count: 3,
      first_observed: new Date(Date.now() - 3_600_000).toISOString(),
      created_at: now,
    },
  ]);
  // Its glob matches nothing: it runs (job history has rows) and adds no configs.
  await upsert(api, 'config_scrapers', [
    {
      id: catalogIds.scraper,
      name: 'e2e-payments-files',
      namespace: 'e2e',
      spec: {
        schedule: '@every 24h',
        file: [{ type: 'File', id: '$.name', paths: ['/nonexistent/vigil-e2e/*.json'] }],
      },
    },
  ]);
  await upsert(api, 'config_analysis', [
    {
      id: catalogIds.insight,
      config_id: catalogIds.namespace,
      analyzer: 'e2e-privileged-pods',
      analysis_type: 'security',
      severity: 'high',
      status: 'open',
      message: '<b>Pods run privileged</b> in the payments namespace.',
      source: 'e2e',
      last_observed: now,
    },
  ]);
  await api.dispose();
}

import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { z } from 'zod';
import { parseScrapeSpec } from '../../src/modules/catalog/scrape-spec/scrape-config.ts';
import { KubernetesWatch } from '../../src/modules/catalog/scrapers/kubernetes/kube-watch.ts';
import { kubeHttpFrom } from '../../src/modules/catalog/scrapers/kubernetes/kube-http.ts';
import { kubernetesEntry } from '../../src/modules/catalog/scrapers/kubernetes/kubernetes-entry.ts';
import { kubernetesFileScraperType } from '../../src/modules/catalog/scrapers/kubernetes/kubernetes-file.scraper.ts';
import { kubernetesScraperType } from '../../src/modules/catalog/scrapers/kubernetes/kubernetes.scraper.ts';
import type { ScrapeResult } from '../../src/modules/catalog/scrapers/scrape-result.ts';
import { scraperTypeFor } from '../../src/modules/catalog/scrapers/registry.ts';
import { startFakeKubeCluster, type FakeKubeCluster } from './fake-kube-api.ts';
import { deployment, event, namespace, node, pod, service } from './kube-fixtures.ts';
import { scrapeContext } from './scrape-context.ts';

const crashing = pod('shop', 'web-2', {
  owner: 'web-rs',
  app: 'web',
  ready: false,
  node: 'node-2',
});
let cluster: FakeKubeCluster;

beforeAll(async () => {
  const pods = [
    pod('shop', 'web-1', { owner: 'web-rs', app: 'web' }),
    crashing,
    pod('monitoring', 'prom-0', { app: 'prom' }),
    pod('shop', 'junit-1', { app: 'junit' }),
  ];
  cluster = await startFakeKubeCluster({
    namespaces: [namespace('shop'), namespace('monitoring')],
    nodes: [node('node-1'), node('node-2', false)],
    pods,
    deployments: [deployment('shop', 'web', 2, 1)],
    services: [service('shop', 'web', 'web')],
    events: [
      event('shop', 'ev-1', crashing, 'Pod', 'BackOff', 'Warning'),
      event('shop', 'ev-2', crashing, 'Pod', 'Created', 'Normal'),
      event('shop', 'ev-3', crashing, 'Pod', 'Pulled', 'Normal'),
    ],
  });
});
afterAll(() => cluster.close());

const spec = (extra: Record<string, unknown> = {}) => ({
  clusterName: 'kind',
  watch: ['Namespace', 'Node', 'Pod', 'Deployment', 'Service', 'Event'].map((kind) => ({
    apiVersion: kind === 'Deployment' ? 'apps/v1' : 'v1',
    kind,
  })),
  exclusions: { name: ['junit*'], namespace: ['monitoring'] },
  event: { exclusions: { reason: ['Created'] } },
  kubeconfig: cluster.kubeconfig(),
  ...extra,
});

describe('kubernetes scraper', () => {
  it('is registered under spec.kubernetes and spec.kubernetesFile', () => {
    expect(scraperTypeFor('kubernetes')?.name).toBe('kubernetes');
    expect(scraperTypeFor('kubernetesFile')?.name).toBe('kubernetesFile');
  });

  it('parses a ScrapeConfig written for config-db unchanged', () => {
    const text = fs.readFileSync(
      path.join(import.meta.dirname, 'fixtures/kubernetes-scrape-config.yaml'),
      'utf8',
    );
    const resource = z.object({ spec: z.unknown() }).parse(parse(text));
    const parsed = parseScrapeSpec(resource.spec);
    expect(parsed.ok ? parsed.scrapes.map((s) => [s.type, s.field]) : parsed).toEqual([
      ['kubernetes', 'spec.kubernetes[0]'],
      ['kubernetesFile', 'spec.kubernetesFile[0]'],
    ]);
  });

  it("accepts config-db's fixture fields and refuses unknown ones", () => {
    expect(
      kubernetesEntry.safeParse({
        clusterName: 'local',
        exclusions: {
          name: ['junit*'],
          namespace: ['canaries'],
          kind: ['Secret'],
          labels: { a: 'b' },
        },
        event: {
          exclusions: { reason: ['Created'] },
          severityKeywords: { error: ['failed'], warn: ['backoff'] },
        },
        relationships: [
          { kind: { value: 'HelmRelease' }, name: { label: 'helm.toolkit.fluxcd.io/name' } },
        ],
        selector: 'app=web',
        fieldSelector: 'metadata.namespace=shop',
      }).success,
    ).toBe(true);
    expect(kubernetesEntry.safeParse({ kinds: ['Pod'] }).success).toBe(false);
  });

  it('lists every kind page by page into items, changes and relationships', async () => {
    const before = cluster.requests.length;
    const result = await kubernetesScraperType.prepare(spec()).scrape(scrapeContext());
    const asked = cluster.requests.slice(before);
    expect(asked).toContain('/api/v1/pods?limit=500');
    expect(asked).toContain('/apis/apps/v1/deployments?limit=500');

    expect(result.errors).toEqual([]);
    const byName = new Map(result.items.map((i) => [`${i.type}/${i.name}`, i]));
    expect([...byName.keys()].sort()).toEqual([
      'Kubernetes::Deployment/web',
      // Namespace exclusions drop what is inside a namespace, not the namespace itself.
      'Kubernetes::Namespace/monitoring',
      'Kubernetes::Namespace/shop',
      'Kubernetes::Node/node-1',
      'Kubernetes::Node/node-2',
      'Kubernetes::Pod/web-1',
      'Kubernetes::Pod/web-2',
      'Kubernetes::Service/web',
    ]);
    const web2 = byName.get('Kubernetes::Pod/web-2');
    expect(web2).toMatchObject({
      externalId: 'pod-shop-web-2',
      aliases: ['Kubernetes/Pod/shop/web-2'],
      configClass: 'Pod',
      health: 'unhealthy',
      parent: { type: 'Kubernetes::ReplicaSet', externalId: 'rs-shop-web-rs' },
      tags: { cluster: 'kind', namespace: 'shop' },
    });
    expect(byName.get('Kubernetes::Pod/web-1')?.health).toBe('healthy');
    expect(byName.get('Kubernetes::Node/node-2')?.health).toBe('unhealthy');
    expect(byName.get('Kubernetes::Deployment/web')?.health).not.toBe('healthy');
    expect(byName.get('Kubernetes::Service/web')?.parent).toEqual({
      type: 'Kubernetes::Namespace',
      externalId: 'Kubernetes/Namespace//shop',
    });

    expect(result.changes.map((c) => [c.externalChangeId, c.changeType, c.severity])).toEqual([
      ['ev-1', 'BackOff', 'warning'],
      ['ev-3', 'Pulled', 'info'],
    ]);
    expect(result.changes[0]?.config).toEqual({
      type: 'Kubernetes::Pod',
      externalId: 'pod-shop-web-2',
    });

    const relations = result.relationships.map(
      (r) => `${r.config.externalId} ${r.relation} ${r.related.externalId}`,
    );
    expect(relations).toContain('Kubernetes/Node//node-2 NodePod pod-shop-web-2');
    expect(relations).toContain('svc-shop-web ServiceEndpoints Kubernetes/Endpoints/shop/web');
    expect(relations).toContain('svc-shop-web ServicePod pod-shop-web-1');
    expect(relations).toContain('svc-shop-web ServicePod pod-shop-web-2');
  });

  it('follows continue tokens and passes selectors', async () => {
    const many = await startFakeKubeCluster({
      pods: Array.from({ length: 1203 }, (_, i) => pod('shop', `p-${i}`, { app: 'web' })),
    });
    try {
      const result = await kubernetesScraperType
        .prepare({
          kubeconfig: many.kubeconfig(),
          watch: [{ apiVersion: 'v1', kind: 'Pod' }],
          selector: 'app=web',
        })
        .scrape(scrapeContext());
      expect(result.items.filter((i) => i.type === 'Kubernetes::Pod')).toHaveLength(1203);
      expect(many.requests.filter((r) => r.startsWith('/api/v1/pods'))).toEqual([
        '/api/v1/pods?limit=500&labelSelector=app%3Dweb',
        '/api/v1/pods?limit=500&continue=500&labelSelector=app%3Dweb',
        '/api/v1/pods?limit=500&continue=1000&labelSelector=app%3Dweb',
      ]);
    } finally {
      await many.close();
    }
  });

  it('fails plainly on a bad token', async () => {
    const bad = cluster.kubeconfig().replace(cluster.token, 'wrong');
    await expect(
      kubernetesScraperType.prepare(spec({ kubeconfig: bad })).scrape(scrapeContext()),
    ).rejects.toThrow(/401 Unauthorized/);
  });

  it('watches after the list: changes, deletions and new events arrive in batches', async () => {
    const batches: ScrapeResult[] = [];
    const entry = kubernetesEntry.parse(spec());
    const watch = new KubernetesWatch({
      http: await kubeHttpFrom(cluster.kubeconfig()),
      entry,
      flushMs: 50,
      sink: async (r) => void batches.push(r),
    });
    await watch.start();
    await expect.poll(() => cluster.watchers('pods')).toBe(1);
    cluster.emit(
      'MODIFIED',
      'pods',
      pod('shop', 'web-2', { owner: 'web-rs', app: 'web', ready: true }),
    );
    cluster.emit('DELETED', 'pods', pod('shop', 'web-1', { owner: 'web-rs', app: 'web' }));
    cluster.emit('ADDED', 'pods', pod('monitoring', 'ignored'));
    cluster.emit('ADDED', 'events', event('shop', 'ev-9', crashing, 'Pod', 'Killing', 'Normal'));
    await expect.poll(() => batches.slice(1).flatMap((b) => b.items).length).toBe(2);
    await expect.poll(() => batches.slice(1).flatMap((b) => b.changes).length).toBe(1);
    await watch.stop();
    const watched = batches.slice(1).flatMap((b) => b.items);
    expect(watched.map((i) => [i.name, i.health, i.deletedAt !== undefined])).toEqual([
      ['web-2', 'healthy', false],
      ['web-1', 'healthy', true],
    ]);
    expect(
      cluster.requests.some(
        (r) => r.startsWith('/api/v1/pods?resourceVersion=') && r.includes('watch=true'),
      ),
    ).toBe(true);
  });
});

describe('kubernetesFile scraper', () => {
  it('finds the pod and says plainly that exec is not supported', async () => {
    const result = await kubernetesFileScraperType
      .prepare({
        kubeconfig: cluster.kubeconfig(),
        selector: { namespace: 'shop', kind: 'Pod', name: 'web-2' },
        container: 'app',
        files: [{ path: ['/etc/app.conf'], format: 'properties' }],
      })
      .scrape(scrapeContext());
    expect(result.items).toEqual([]);
    expect(result.errors).toEqual([
      'kubernetesFile: 1 Pod found for shop/web-2, but reading /etc/app.conf needs exec into the pod (websocket), which Vigil does not support yet',
    ]);
    expect(cluster.requests).toContain(
      '/api/v1/namespaces/shop/pods?fieldSelector=metadata.name%3Dweb-2',
    );
  });
});

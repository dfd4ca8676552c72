import { randomUUID } from 'node:crypto';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClusterSyncWorker } from '../../src/modules/kube-api/cluster-sync/cluster-sync.worker.ts';
import type { Worker } from '../../src/platform/module.ts';
import { testActorHeader } from '../app.ts';
import {
  startFakeKubeCluster,
  type FakeKubeCluster,
  type KubeFixture,
} from '../catalog/fake-kube-api.ts';
import { at, httpSpec, useKubeApp } from './helpers.ts';

const kube = useKubeApp();
const groups: Record<string, string> = {
  canaries: 'canaries.flanksource.com',
  topologies: 'canaries.flanksource.com',
  scrapeconfigs: 'configs.flanksource.com',
  playbooks: 'mission-control.flanksource.com',
  notifications: 'mission-control.flanksource.com',
};
const kinds: Record<string, string> = {
  canaries: 'Canary',
  topologies: 'Topology',
  scrapeconfigs: 'ScrapeConfig',
  playbooks: 'Playbook',
  notifications: 'Notification',
};
const tables: Record<string, string> = {
  canaries: 'canaries',
  topologies: 'topologies',
  scrapeconfigs: 'config_scrapers',
  playbooks: 'playbooks',
  notifications: 'notifications',
};

/** A custom resource as the cluster stores it: a uid, a generation, no status yet. */
function object(plural: string, name: string, spec: unknown, generation = 1): KubeFixture {
  return {
    apiVersion: `${groups[plural]}/v1`,
    kind: kinds[plural],
    metadata: { uid: randomUUID(), name, namespace: 'gitops', generation },
    spec,
  };
}

const specs = {
  canaries: httpSpec('https://example.com/a'),
  topologies: { schedule: '@every 10m', components: [{ name: 'web', type: 'Service' }] },
  scrapeconfigs: {
    schedule: '@every 5m',
    file: [{ type: 'Car', id: '$.reg', paths: ['cars/*.json'] }],
  },
  playbooks: { actions: [{ name: 'a', exec: { script: 'true' } }] },
  notifications: {
    events: ['check.failed'],
    title: 'Down',
    template: 'Check {{ .check.name }} failed',
    to: { person: 'oncall@example.com' },
  },
};
const first = Object.fromEntries(
  Object.entries(specs).map(([plural, spec]) => [plural, object(plural, `first-${plural}`, spec)]),
);

let cluster: FakeKubeCluster;
const workers: Worker[] = [];

function worker(): Worker {
  const app = kube.app();
  const made = createClusterSyncWorker({
    db: app.database.db,
    log: pino({ level: process.env.SYNC_LOG ?? 'silent' }),
    dataApi: app.api.dataApi.service,
    settings: {
      cluster: { kind: 'inline', yaml: cluster.kubeconfig() },
      leaderPollMs: 100,
      retryMs: 50,
      maxBackoffMs: 200,
      resyncMs: 60_000,
    },
  });
  workers.push(made);
  return made;
}

const ready = (plural: string, name: string) =>
  at(cluster.find(plural, 'gitops', name)?.status, 'conditions', 0);
const rows = (plural: string, id: string) =>
  kube.query<{ source: string; deleted_at: Date | null; spec?: unknown }>(
    `select * from ${tables[plural] ?? ''} where id = $1`,
    [id],
  );
const statusCalls = (plural: string, name: string) =>
  cluster.calls.filter(
    (call) =>
      call.method === 'PATCH' &&
      call.path === `/apis/${groups[plural]}/v1/namespaces/gitops/${plural}/${name}/status`,
  );
const listCalls = (plural: string) =>
  cluster.requests.filter((path) => path === `/apis/${groups[plural]}/v1/${plural}?limit=500`);
const watchCalls = (plural: string) =>
  cluster.requests.filter(
    (path) =>
      path.startsWith(`/apis/${groups[plural]}/v1/${plural}?`) && path.includes('watch=true'),
  );

beforeAll(async () => {
  await kube.query(`insert into people (name, email) values ('On call', 'oncall@example.com')`);
  cluster = await startFakeKubeCluster(
    Object.fromEntries(Object.entries(first).map(([plural, o]) => [plural, [o]])),
  );
  worker().start();
});

afterAll(async () => {
  for (const each of workers) await each.stop();
  await cluster.close();
});

describe('custom resources reconciled from a cluster', () => {
  it('lists each kind, writes every object through its write hooks and reports Ready', async () => {
    for (const [plural, o] of Object.entries(first)) {
      await expect
        .poll(() => at(ready(plural, o.metadata.name), 'status'), { timeout: 20_000 })
        .toBe('True');
      const [row] = await rows(plural, o.metadata.uid);
      expect(row?.source).toBe('KubernetesCRD');
      expect(row?.deleted_at).toBeNull();
      const status = cluster.find(plural, 'gitops', o.metadata.name)?.status;
      expect(at(status, 'observedGeneration')).toBe(1);
      // A merge patch removes the last error (null) once the object is ready.
      expect(at(status, 'lastError')).toBeUndefined();
      expect(at(status, 'conditions', 0, 'reason')).toBe('Reconciled');
      expect(at(status, 'conditions', 0, 'observedGeneration')).toBe(1);
      // LIST first, then a WATCH from the list's resourceVersion, with bookmarks.
      expect(listCalls(plural)).toHaveLength(1);
      await expect.poll(() => watchCalls(plural).length).toBe(1);
      const [watch = ''] = watchCalls(plural);
      expect(cluster.requests.indexOf(watch)).toBeGreaterThan(
        cluster.requests.indexOf(listCalls(plural)[0] ?? ''),
      );
      expect(
        Number(/resourceVersion=(\d+)&allowWatchBookmarks=true/.exec(watch)?.[1]),
      ).toBeGreaterThanOrEqual(1000);
      const [patch] = statusCalls(plural, o.metadata.name);
      expect(patch?.contentType).toBe('application/merge-patch+json');
      expect(at(patch?.body, 'status', 'conditions', 0, 'type')).toBe('Ready');
    }
    // The canary's write hook derived its check; the notification found its person.
    const checks = await kube.query<{ name: string }>(
      `select name from checks where canary_id = $1`,
      [first.canaries?.metadata.uid],
    );
    expect(checks.map((check) => check.name)).toEqual(['homepage']);
    const [notification] = await kube.query<{ email: string }>(
      `select p.email from notifications n join people p on p.id = n.person_id where n.id = $1`,
      [first.notifications?.metadata.uid],
    );
    expect(notification?.email).toBe('oncall@example.com');
  });

  it('keeps the synced rows read only to the console', async () => {
    const response = await fetch(
      `${kube.app().baseUrl}/api/db/canaries?id=eq.${first.canaries?.metadata.uid ?? ''}`,
      {
        method: 'PATCH',
        headers: { [testActorHeader]: 'admin', 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'renamed' }),
      },
    );
    expect(response.status).toBe(409);
    expect(await response.text()).toContain('managed by KubernetesCRD');
  });

  it('refuses an invalid object with Ready=False and the validation message, writing nothing', async () => {
    const bad = object('playbooks', 'no-actions', { actions: [] });
    const nowhere = object('notifications', 'to-url', { ...specs.notifications, to: { url: 'x' } });
    cluster.emit('ADDED', 'playbooks', bad);
    cluster.emit('ADDED', 'notifications', nowhere);
    await expect.poll(() => at(ready('playbooks', 'no-actions'), 'status')).toBe('False');
    const status = cluster.find('playbooks', 'gitops', 'no-actions')?.status;
    expect(at(status, 'conditions', 0, 'reason')).toBe('Invalid');
    expect(String(at(status, 'conditions', 0, 'message'))).toContain('spec.actions');
    expect(at(status, 'lastError')).toBe(at(status, 'conditions', 0, 'message'));
    expect(await rows('playbooks', bad.metadata.uid)).toEqual([]);
    await expect
      .poll(() => at(ready('notifications', 'to-url'), 'message'))
      .toBe('spec.to.url is not supported: use spec.to.person, spec.to.team or spec.to.connection');
    expect(await rows('notifications', nowhere.metadata.uid)).toEqual([]);
  });

  it('applies a new generation once, and not again for its own status write', async () => {
    const canary = first.canaries;
    if (!canary) throw new Error('no canary');
    const name = canary.metadata.name;
    const stored = cluster.find('canaries', 'gitops', name);
    cluster.emit('MODIFIED', 'canaries', {
      ...stored,
      metadata: { ...canary.metadata, generation: 2 },
      spec: httpSpec('https://example.com/b'),
    });
    await expect.poll(() => at(ready('canaries', name), 'observedGeneration')).toBe(2);
    const [row] = await rows('canaries', canary.metadata.uid);
    expect(at(row?.spec, 'http', 0, 'url')).toBe('https://example.com/b');
    // The status write came back as MODIFIED at generation 2; it is not applied again.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(statusCalls('canaries', name)).toHaveLength(2);
  });

  it('deletes the resource when the object is deleted', async () => {
    const topology = first.topologies;
    if (!topology) throw new Error('no topology');
    cluster.emit('DELETED', 'topologies', topology);
    await expect
      .poll(async () => (await rows('topologies', topology.metadata.uid))[0]?.deleted_at)
      .not.toBeNull();
  });

  it('resumes a dropped watch from the last resourceVersion it saw', async () => {
    // The last canary event was the status written for the first canary's generation 2.
    const lastSeen = String(
      at(cluster.find('canaries', 'gitops', 'first-canaries'), 'metadata', 'resourceVersion'),
    );
    const missed = object('canaries', 'while-dropped', httpSpec('https://example.com/c'));
    cluster.dropWatches('canaries');
    cluster.emit('ADDED', 'canaries', missed);
    await expect.poll(() => at(ready('canaries', 'while-dropped'), 'status')).toBe('True');
    expect(watchCalls('canaries').at(-1)).toContain(`resourceVersion=${lastSeen}&`);
    expect(listCalls('canaries')).toHaveLength(1);
    expect((await rows('canaries', missed.metadata.uid))[0]?.source).toBe('KubernetesCRD');
  });

  it('lists again on 410 Gone and reconciles the differences', async () => {
    const scraper = first.scrapeconfigs;
    if (!scraper) throw new Error('no scrape config');
    const added = object('scrapeconfigs', 'after-gone', specs.scrapeconfigs);
    const stale = String(
      at(
        cluster.find('scrapeconfigs', 'gitops', 'first-scrapeconfigs'),
        'metadata',
        'resourceVersion',
      ),
    );
    cluster.dropWatches('scrapeconfigs');
    cluster.emit('DELETED', 'scrapeconfigs', scraper);
    cluster.emit('ADDED', 'scrapeconfigs', added);
    cluster.compact();
    await expect.poll(() => at(ready('scrapeconfigs', 'after-gone'), 'status')).toBe('True');
    expect((await rows('scrapeconfigs', scraper.metadata.uid))[0]?.deleted_at).not.toBeNull();
    const watches = watchCalls('scrapeconfigs');
    expect(watches.some((path) => path.includes(`resourceVersion=${stale}&`))).toBe(true);
    expect(listCalls('scrapeconfigs')).toHaveLength(2);
  });

  it('reconciles on one replica at a time, and another takes over when it stops', async () => {
    const lists = listCalls('canaries').length;
    const second = worker();
    second.start();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(listCalls('canaries')).toHaveLength(lists);
    const [leader] = workers;
    await leader?.stop();
    await expect.poll(() => listCalls('canaries').length).toBe(lists + 1);
    const taken = object('canaries', 'after-takeover', httpSpec('https://example.com/d'));
    cluster.emit('ADDED', 'canaries', taken);
    await expect.poll(() => at(ready('canaries', 'after-takeover'), 'status')).toBe('True');
  });

  it('steps down when its database session is lost, and another replica takes over', async () => {
    const lists = listCalls('canaries').length;
    worker().start();
    // The leader's session is the one holding the advisory lock ('kcrd').
    await kube.query(
      `select pg_terminate_backend(pid) from pg_locks
        where locktype = 'advisory' and objid = x'6b637264'::int and granted`,
    );
    await expect.poll(() => listCalls('canaries').length, { timeout: 10_000 }).toBe(lists + 1);
    const after = object('canaries', 'after-lost-session', httpSpec('https://example.com/e'));
    cluster.emit('ADDED', 'canaries', after);
    await expect.poll(() => at(ready('canaries', 'after-lost-session'), 'status')).toBe('True');
    const holders = await kube.query<{ n: number }>(
      `select count(*)::int as n from pg_locks
        where locktype = 'advisory' and objid = x'6b637264'::int and granted`,
    );
    expect(holders[0]?.n).toBe(1);
  });
});

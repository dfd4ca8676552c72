import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf, useDataApi } from '../data-api/helpers.ts';
import { createCanary, webCanarySpec as spec } from './canary-fixtures.ts';

const api = useDataApi();

async function liveChecks(canaryId: string) {
  return api.query<{ type: string; name: string; endpoint: string | null }>(
    `select type, name, endpoint from checks where canary_id = $1 and deleted_at is null order by type, name`,
    [canaryId],
  );
}

describe('canaries through the data API', () => {
  let id = '';

  it('validates the spec and derives one check per declared check', async () => {
    const created = await api.request('canaries?select=id,schedule', {
      method: 'POST',
      role: 'editor',
      headers: { prefer: 'return=representation' },
      body: { name: 'web', namespace: 'prod', spec },
    });
    expect(created.status).toBe(201);
    const [row] = rowsOf(created.json);
    id = String(row?.id);
    expect(row?.schedule).toBe('@every 30s');
    expect(await liveChecks(id)).toEqual([
      { type: 'http', name: 'api', endpoint: 'https://api.example.com/health' },
      { type: 'http', name: 'homepage', endpoint: 'https://example.com' },
      { type: 'tcp', name: 'db port', endpoint: 'db.internal:5432' },
    ]);
    const labels = await api.query(
      `select labels, namespace from checks where canary_id = $1 and name = 'api'`,
      [id],
    );
    expect(labels).toEqual([{ labels: { team: 'sre' }, namespace: 'prod' }]);
  });

  it('updates, adds and soft-deletes checks to match an edited spec, keeping ids', async () => {
    const before = await api.query<{ id: string }>(
      `select id from checks where canary_id = $1 and name = 'homepage'`,
      [id],
    );
    const edited = {
      interval: 60,
      http: [{ name: 'homepage', url: 'https://example.com/', responseCodes: [200, 301] }],
      tcp: [{ name: 'cache port', endpoint: 'cache.internal:6379' }],
    };
    const patched = await api.request(`canaries?id=eq.${id}`, {
      method: 'PATCH',
      role: 'admin',
      body: { spec: edited },
    });
    expect(patched.status).toBe(204);
    expect(await liveChecks(id)).toEqual([
      { type: 'http', name: 'homepage', endpoint: 'https://example.com/' },
      { type: 'tcp', name: 'cache port', endpoint: 'cache.internal:6379' },
    ]);
    const after = await api.query<{ id: string }>(
      `select id from checks where canary_id = $1 and name = 'homepage' and deleted_at is null`,
      [id],
    );
    expect(after).toEqual(before);
    expect(await api.query(`select schedule from canaries where id = $1`, [id])).toEqual([
      { schedule: '@every 60s' },
    ]);
    const gone = await api.query(
      `select count(*)::int as n from checks where canary_id = $1 and deleted_at is not null`,
      [id],
    );
    expect(gone).toEqual([{ n: 2 }]);
  });

  it("gives each check its canary's labels merged with its own, the check's winning", async () => {
    const created = await api.request('canaries?select=id', {
      method: 'POST',
      role: 'editor',
      headers: { prefer: 'return=representation' },
      body: {
        name: 'labelled',
        namespace: 'prod',
        labels: { team: 'web', env: 'prod' },
        spec: { http: [{ name: 'own', url: 'https://example.com', labels: { team: 'sre' } }] },
      },
    });
    expect(created.status).toBe(201);
    const canaryId = String(rowsOf(created.json)[0]?.id);
    const labelsNow = async () =>
      api.query(`select labels from checks where canary_id = $1 and deleted_at is null`, [
        canaryId,
      ]);
    expect(await labelsNow()).toEqual([{ labels: { team: 'sre', env: 'prod' } }]);
    const relabelled = await api.request(`canaries?id=eq.${canaryId}`, {
      method: 'PATCH',
      role: 'editor',
      body: { labels: { env: 'staging', region: 'eu' } },
    });
    expect(relabelled.status).toBe(204);
    expect(await labelsNow()).toEqual([{ labels: { team: 'sre', env: 'staging', region: 'eu' } }]);
  });

  it('pauses a canary with replicas: 0 (no run scheduled) and resumes it when replicas is not 0', async () => {
    const paused = { schedule: '@every 30s', replicas: 0, http: spec.http };
    const created = await api.request('canaries?select=id', {
      method: 'POST',
      role: 'editor',
      headers: { prefer: 'return=representation' },
      body: { name: 'paused', namespace: 'prod', spec: paused },
    });
    expect(created.status).toBe(201);
    const canaryId = String(rowsOf(created.json)[0]?.id);
    const nextRun = async () =>
      (
        await api.query<{ scheduled: boolean }>(
          `select next_runtime is not null as scheduled from canaries where id = $1`,
          [canaryId],
        )
      )[0]?.scheduled;
    expect(await nextRun()).toBe(false);
    const patch = async (replicas: number) =>
      api.request(`canaries?id=eq.${canaryId}`, {
        method: 'PATCH',
        role: 'editor',
        body: { spec: { ...paused, replicas } },
      });
    expect((await patch(1)).status).toBe(204);
    expect(await nextRun()).toBe(true);
    expect((await patch(0)).status).toBe(204);
    expect(await nextRun()).toBe(false);
  });

  it('keeps one check for a name used twice in a type, the later winning, as canary-checker', async () => {
    const created = await api.request('canaries?select=id', {
      method: 'POST',
      role: 'editor',
      headers: { prefer: 'return=representation' },
      body: {
        name: 'twice',
        spec: {
          http: [
            { name: 'a', url: 'https://a.example.com' },
            { name: 'a', url: 'https://b.example.com' },
          ],
          tcp: [{ name: 'a', endpoint: 'db.internal:5432' }],
        },
      },
    });
    expect(created.status).toBe(201);
    expect(await liveChecks(String(rowsOf(created.json)[0]?.id))).toEqual([
      { type: 'http', name: 'a', endpoint: 'https://b.example.com' },
      { type: 'tcp', name: 'a', endpoint: 'db.internal:5432' },
    ]);
  });

  it('soft-deletes the checks with the canary', async () => {
    const deleted = await api.request(`canaries?id=eq.${id}`, {
      method: 'PATCH',
      role: 'admin',
      body: { deleted_at: new Date().toISOString() },
    });
    expect(deleted.status).toBe(204);
    expect(await liveChecks(id)).toEqual([]);
  });
});

describe('checks through the data API, as the health screens read them', () => {
  let canaryId = '';
  beforeAll(async () => {
    canaryId = await createCanary(api, { name: 'read', namespace: 'prod', spec });
  });

  it('embeds canary, agent, components and configs, and pages check_statuses', async () => {
    const [check] = await api.query<{ id: string; canary_id: string }>(
      `select id, canary_id from checks where canary_id = $1 and deleted_at is null limit 1`,
      [canaryId],
    );
    const [component] = await api.query<{ id: string }>(
      `insert into components (name, type) values ('checkout', 'Service') returning id`,
    );
    const [config] = await api.query<{ id: string }>(
      `insert into config_items (name, type) values ('web-pod', 'Kubernetes::Pod') returning id`,
    );
    await api.query(
      `insert into check_component_relationships (check_id, component_id, canary_id) values ($1, $2, $3)`,
      [check?.id, component?.id, check?.canary_id],
    );
    await api.query(
      `insert into check_config_relationships (check_id, config_id, canary_id) values ($1, $2, $3)`,
      [check?.id, config?.id, check?.canary_id],
    );
    const answer = await api.request(
      `checks?id=eq.${check?.id}&select=id,name,canaries(id,name,source),agents(id,name),` +
        `components:check_component_relationships(components(id,name,icon)),` +
        `configs:check_config_relationships(configs:config_items(id,name,type))`,
    );
    expect(answer.status).toBe(200);
    const [row] = rowsOf(answer.json);
    expect(row).toMatchObject({
      canaries: { id: check?.canary_id },
      agents: { name: 'local' },
      components: [{ components: { name: 'checkout' } }],
      configs: [{ configs: { name: 'web-pod', type: 'Kubernetes::Pod' } }],
    });
    const byComponent = await api.request(`checks_by_component?component_id=eq.${component?.id}`);
    expect(rowsOf(byComponent.json).map((r) => r.id)).toEqual([check?.id]);
    await api.query(
      `insert into check_statuses (check_id, time, duration, status)
       select $1, now() - make_interval(mins => n), n * 10, n % 3 <> 0 from generate_series(1, 120) n`,
      [check?.id],
    );
    const page = await api.request(
      `check_statuses?check_id=eq.${check?.id}&time=gt.now-1d&status=eq.false&duration=gte.500` +
        `&order=time.desc&limit=50&offset=0`,
      { headers: { prefer: 'count=exact' } },
    );
    expect(page.status).toBe(200);
    expect(page.headers.get('content-range')).toBe('0-23/24');
    const write = await api.request('check_statuses', {
      method: 'POST',
      role: 'admin',
      body: { check_id: check?.id, time: new Date().toISOString(), status: true },
    });
    expect(write.status).toBe(405);
  });
});

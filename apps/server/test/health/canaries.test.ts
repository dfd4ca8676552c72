import { describe, expect, it } from 'vitest';
import { rowsOf, useDataApi } from '../data-api/helpers.ts';

const api = useDataApi();

const spec = {
  schedule: '@every 30s',
  http: [
    { name: 'homepage', url: 'https://example.com', responseCodes: [200] },
    { name: 'api', url: 'https://api.example.com/health', labels: { team: 'sre' } },
  ],
  tcp: [{ name: 'db port', endpoint: 'db.internal:5432' }],
};

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

  it.each([
    [
      { http: [{ name: 'x' }] },
      'spec.http[0].url needs url (or the legacy endpoint, or a connection with a url)',
    ],
    [
      { http: [{ name: 'x', url: 'https://x', bogus: 1 }] },
      'spec.http[0].bogus is not a known field',
    ],
    [{ tcp: [{ name: 'x', endpoint: '' }] }, 'spec.tcp[0].endpoint is required'],
    [{ restic: [{ name: 'x' }] }, 'spec.restic check type restic is not supported yet'],
    [
      { docker: [{ name: 'x', image: 'alpine' }] },
      'spec.docker canary-checker removed the docker check type; use kubernetesResource or exec checks instead',
    ],
    [
      { tcp: [{ name: 'x', endpoint: 'h:1' }], containerdPush: [{ name: 'y' }] },
      'spec.containerdPush canary-checker removed the containerdPush check type; use kubernetesResource or exec checks instead',
    ],
    [
      { schedule: '@every 1m', colour: 'red', tcp: [{ name: 'x', endpoint: 'h:1' }] },
      'spec.colour is not a known field',
    ],
    [{ schedule: '@every 1m' }, 'spec declares no checks'],
    [
      { retries: { interval: 'soon' }, tcp: [{ name: 'x', endpoint: 'h:1' }] },
      'spec.retries.interval must be a duration such as 500ms, 10s or 1m30s',
    ],
    [
      { tcp: [{ name: 'x', endpoint: 'h:1', retries: { maxRetries: -1 } }] },
      /^spec.tcp\[0\].retries.maxRetries /,
    ],
    [
      { http: [{ name: 'x', url: 'https://x', connection: 'db' }] },
      'spec.http[0].connection must look like connection://<namespace>/<name>',
    ],
    [
      { schedule: '@every soon', tcp: [{ name: 'x', endpoint: 'h:1' }] },
      'spec.schedule must be @every followed by a duration such as 30s or 1m30s',
    ],
    [
      { schedule: '61 * * * *', tcp: [{ name: 'x', endpoint: 'h:1' }] },
      /^spec.schedule is not a valid schedule/,
    ],
    [
      { tcp: [{ name: 'x', endpoint: 'h:1', test: { expr: 'code ==' } }] },
      /^spec.tcp\[0\].test.expr is not valid: /,
    ],
    [
      { tcp: [{ name: 'x', endpoint: 'h:1', display: { template: '{{ nope .x }}' } }] },
      /^spec.tcp\[0\].display.template is not valid: template: 1: function "nope" not defined/,
    ],
    [
      { tcp: [{ name: 'x', endpoint: 'h:1', dependsOn: ['y'] }] },
      'spec.tcp[0].dependsOn[0] "y" is not a check of this canary',
    ],
    [
      {
        tcp: [
          { name: 'a', endpoint: 'h:1', dependsOn: ['b'] },
          { name: 'b', endpoint: 'h:1', dependsOn: ['a'] },
        ],
      },
      'spec.tcp[0].dependsOn forms a cycle: a → b → a',
    ],
  ])('refuses %j with a message naming the field, and writes nothing', async (bad, message) => {
    const before = await api.count('canaries');
    const response = await api.request('canaries', {
      method: 'POST',
      role: 'admin',
      body: { name: 'bad', spec: bad },
    });
    const expected = typeof message === 'string' ? message : expect.stringMatching(message);
    expect([response.status, response.json]).toEqual([
      400,
      expect.objectContaining({ message: expected }),
    ]);
    expect(await api.count('canaries')).toBe(before);
  });

  it('refuses canary writes to roles without write on canaries', async () => {
    const response = await api.request('canaries', {
      method: 'POST',
      role: 'responder',
      body: { name: 'x', spec },
    });
    expect(response.status).toBe(403);
  });

  it('serves the JSON schema of the Canary resource', async () => {
    const response = await fetch(`${api.baseUrl}/api/schemas/canary.schema.json`);
    expect(response.status).toBe(200);
    const schema: unknown = await response.json();
    const text = JSON.stringify(schema);
    expect(text).toContain('canaries.flanksource.com/v1');
    expect(text).toContain('responseCodes');
    expect(text).toContain('"tcp"');
    // Descriptions are the editor's hover docs.
    expect(text).toContain('When the checks run');
    expect(text).toContain('canary-checker removed the gitProtocol check type');
  });
});

describe('checks through the data API, as the health screens read them', () => {
  it('embeds canary, agent, components and configs, and pages check_statuses', async () => {
    const [check] = await api.query<{ id: string; canary_id: string }>(
      `select id, canary_id from checks where deleted_at is null limit 1`,
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

import { describe, expect, it } from 'vitest';
import { at, canariesPath, canary, expectStatus, httpSpec, useKubeApp } from './helpers.ts';

const kube = useKubeApp();

const liveChecks = (canaryId: string) =>
  kube.query<{ type: string; name: string }>(
    `select type, name from checks where canary_id = $1 and deleted_at is null order by name`,
    [canaryId],
  );

describe('canaries through the Kubernetes-style API', () => {
  it('creates a canary through the write hook, which derives its checks', async () => {
    const editor = await kube.person(['editor']);
    const created = await kube.request(canariesPath('prod'), {
      method: 'POST',
      token: editor.token,
      body: canary('web', httpSpec(), {
        labels: { team: 'sre' },
        annotations: { 'example.com/note': 'hello' },
      }),
    });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      apiVersion: 'canaries.flanksource.com/v1',
      kind: 'Canary',
      metadata: {
        name: 'web',
        namespace: 'prod',
        labels: { team: 'sre' },
        annotations: { 'example.com/note': 'hello' },
      },
      spec: httpSpec(),
      status: { status: 'Pending' },
    });
    const uid = String(at(created.json, 'metadata', 'uid'));
    expect(String(at(created.json, 'metadata', 'resourceVersion'))).toMatch(/^\d+$/);
    expect(String(at(created.json, 'metadata', 'creationTimestamp'))).toMatch(/Z$/);
    expect(await liveChecks(uid)).toEqual([{ type: 'http', name: 'homepage' }]);
    const [row] = await kube.query<{ source: string; created_by: string; schedule: string }>(
      `select source, created_by, schedule from canaries where id = $1`,
      [uid],
    );
    expect(row).toEqual({ source: 'api/kubernetes', created_by: editor.id, schedule: '@every 1m' });
  });

  it('gets, lists per namespace and across namespaces, with selectors', async () => {
    const editor = await kube.person(['editor']);
    await kube.request(canariesPath('dev'), {
      method: 'POST',
      token: editor.token,
      body: canary('api', httpSpec('https://api.example.com'), { labels: { team: 'app' } }),
    });
    const viewer = await kube.person(['viewer']);
    const one = await kube.request(canariesPath('prod', 'web'), { token: viewer.token });
    expect(at(one.json, 'metadata', 'name')).toBe('web');

    const all = await kube.request(canariesPath(), { token: viewer.token });
    expect(at(all.json, 'kind')).toBe('CanaryList');
    expect(String(at(all.json, 'metadata', 'resourceVersion'))).toMatch(/^\d+$/);
    const names = (list: unknown) =>
      (Array.isArray(at(list, 'items')) ? [at(list, 'items')].flat() : []).map((item) =>
        at(item, 'metadata', 'name'),
      );
    expect(names(all.json)).toEqual(['api', 'web']);
    expect(names((await kube.request(canariesPath('dev'), { token: viewer.token })).json)).toEqual([
      'api',
    ]);
    const byLabel = await kube.request(`${canariesPath()}?labelSelector=team%3Dsre`, {
      token: viewer.token,
    });
    expect(names(byLabel.json)).toEqual(['web']);
    const byName = await kube.request(`${canariesPath()}?fieldSelector=metadata.name%3Dapi`, {
      token: viewer.token,
    });
    expect(names(byName.json)).toEqual(['api']);
    const notIn = await kube.request(`${canariesPath()}?labelSelector=team%20notin%20(sre)`, {
      token: viewer.token,
    });
    expect(names(notIn.json)).toEqual(['api']);
  });

  it('answers kubectl with a Table when it asks for one', async () => {
    const viewer = await kube.person(['viewer']);
    const table = await kube.request(canariesPath(), {
      token: viewer.token,
      accept:
        'application/json;as=Table;v=v1;g=meta.k8s.io,application/json;as=Table;v=v1beta1;g=meta.k8s.io,application/json',
    });
    expect(table.headers.get('content-type')).toMatch(/as="?Table/);
    expect(at(table.json, 'kind')).toBe('Table');
    const columns = [at(table.json, 'columnDefinitions')].flat(2).map((c) => at(c, 'name'));
    expect(columns).toEqual(['Name', 'Schedule', 'Checks', 'Status', 'Age']);
    expect(at(table.json, 'rows', 1, 'cells')).toEqual([
      'web',
      '@every 1m',
      1,
      'Pending',
      expect.stringMatching(/^\d+s$/),
    ]);
    expect(at(table.json, 'rows', 1, 'object', 'kind')).toBe('PartialObjectMetadata');
    expect(at(table.json, 'rows', 1, 'object', 'metadata', 'namespace')).toBe('prod');
  });

  it('refuses an invalid spec with a Status naming the field, and writes nothing', async () => {
    const editor = await kube.person(['editor']);
    const before = await kube.query(`select count(*)::int as n from canaries`);
    const refused = await kube.request(canariesPath('prod'), {
      method: 'POST',
      token: editor.token,
      body: canary('broken', { http: [{ name: 'no url' }] }),
    });
    expect(expectStatus(refused, 400, 'BadRequest')).toMatch(/^spec\.http\[0\]\.url /);
    const unknownField = await kube.request(canariesPath('prod'), {
      method: 'POST',
      token: editor.token,
      body: { ...canary('broken', httpSpec()), specc: {} },
    });
    expect(expectStatus(unknownField, 400, 'BadRequest')).toContain('unknown field "specc"');
    const badName = await kube.request(canariesPath('prod'), {
      method: 'POST',
      token: editor.token,
      body: canary('Not_A_Name', httpSpec()),
    });
    expect(expectStatus(badName, 400, 'BadRequest')).toContain('metadata.name: Invalid value');
    const wrongNamespace = await kube.request(canariesPath('prod'), {
      method: 'POST',
      token: editor.token,
      body: canary('elsewhere', httpSpec(), { namespace: 'dev' }),
    });
    expectStatus(wrongNamespace, 400, 'BadRequest');
    const wrongKind = await kube.request(canariesPath('prod'), {
      method: 'POST',
      token: editor.token,
      body: { ...canary('pod', httpSpec()), kind: 'Pod' },
    });
    expectStatus(wrongKind, 400, 'BadRequest');
    expect(await kube.query(`select count(*)::int as n from canaries`)).toEqual(before);
  });

  it("refuses an editor's canary that sends a connection's credentials to its own url", async () => {
    const admin = await kube.person(['admin']);
    const connection = {
      name: 'secured',
      namespace: 'default',
      type: 'http',
      url: 'http://127.0.0.1:9',
    };
    const created = await kube.request('/api/db/connections', {
      method: 'POST',
      token: admin.token,
      body: { ...connection, username: 'ops', password: 'kube-secret' },
    });
    expect(created.status).toBe(201);
    const spec = {
      http: [
        { name: 'paired', connection: 'connection://default/secured', url: 'http://127.0.0.1:4/' },
      ],
    };
    const editor = await kube.person(['editor']);
    const refused = await kube.request(canariesPath('prod'), {
      method: 'POST',
      token: editor.token,
      body: canary('paired', spec),
    });
    expect(expectStatus(refused, 400, 'BadRequest')).toContain(
      'spec.http[0].url: http://127.0.0.1:4 is not the endpoint of connection://default/secured',
    );
    expect(await kube.query(`select 1 from canaries where name = 'paired'`)).toEqual([]);
    const accepted = await kube.request(canariesPath('prod'), {
      method: 'POST',
      token: admin.token,
      body: canary('paired', spec),
    });
    expect(accepted.status).toBe(201);
  });

  it('answers a duplicate create with AlreadyExists and a missing one with NotFound', async () => {
    const editor = await kube.person(['editor']);
    const again = await kube.request(canariesPath('prod'), {
      method: 'POST',
      token: editor.token,
      body: canary('web', httpSpec()),
    });
    expect(expectStatus(again, 409, 'AlreadyExists')).toBe(
      'canaries.canaries.flanksource.com "web" already exists',
    );
    const missing = await kube.request(canariesPath('prod', 'nope'), { token: editor.token });
    expect(expectStatus(missing, 404, 'NotFound')).toBe(
      'canaries.canaries.flanksource.com "nope" not found',
    );
  });
});

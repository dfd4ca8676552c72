import { beforeAll, describe, expect, it } from 'vitest';
import { at, canariesPath, canary, expectStatus, httpSpec, useKubeApp } from './helpers.ts';

const kube = useKubeApp();

const liveChecks = (canaryId: string) =>
  kube.query<{ type: string; name: string }>(
    `select type, name from checks where canary_id = $1 and deleted_at is null order by name`,
    [canaryId],
  );

describe('canaries changed and removed through the Kubernetes-style API', () => {
  // The canary these tests change, made as canaries.test.ts's first test makes it.
  beforeAll(async () => {
    const editor = await kube.person(['editor']);
    const created = await kube.request(canariesPath('prod'), {
      method: 'POST',
      token: editor.token,
      body: canary('web', httpSpec(), { labels: { team: 'sre' } }),
    });
    expect(created.status).toBe(201);
  });

  it('merge-patches (strategic merge read as merge) and keeps ids of unchanged checks', async () => {
    const editor = await kube.person(['editor']);
    const before = await kube.request(canariesPath('prod', 'web'), { token: editor.token });
    const uid = String(at(before.json, 'metadata', 'uid'));
    const [check] = await kube.query<{ id: string }>(
      `select id from checks where canary_id = $1 and deleted_at is null`,
      [uid],
    );
    for (const contentType of [
      'application/merge-patch+json',
      'application/strategic-merge-patch+json',
    ]) {
      const patched = await kube.request(canariesPath('prod', 'web'), {
        method: 'PATCH',
        token: editor.token,
        contentType,
        body: { metadata: { labels: { tier: contentType.includes('strategic') ? 'b' : 'a' } } },
      });
      expect(patched.status).toBe(200);
    }
    const after = await kube.request(canariesPath('prod', 'web'), { token: editor.token });
    expect(at(after.json, 'metadata', 'labels')).toEqual({ team: 'sre', tier: 'b' });
    expect(at(after.json, 'metadata', 'resourceVersion')).not.toBe(
      at(before.json, 'metadata', 'resourceVersion'),
    );
    const specPatch = await kube.request(canariesPath('prod', 'web'), {
      method: 'PATCH',
      token: editor.token,
      contentType: 'application/merge-patch+json',
      body: { spec: { tcp: [{ name: 'db', endpoint: 'db.internal:5432' }] } },
    });
    expect(specPatch.status).toBe(200);
    expect(await liveChecks(uid)).toEqual([
      { type: 'tcp', name: 'db' },
      { type: 'http', name: 'homepage' },
    ]);
    const [same] = await kube.query<{ id: string }>(
      `select id from checks where canary_id = $1 and name = 'homepage' and deleted_at is null`,
      [uid],
    );
    expect(same?.id).toBe(check?.id);
    const invalid = await kube.request(canariesPath('prod', 'web'), {
      method: 'PATCH',
      token: editor.token,
      contentType: 'application/merge-patch+json',
      body: { spec: { http: [{ name: 'homepage', url: 42 }] } },
    });
    expect(expectStatus(invalid, 400, 'BadRequest')).toMatch(/^spec\.http\[0\]\.url/);
    const jsonPatch = await kube.request(canariesPath('prod', 'web'), {
      method: 'PATCH',
      token: editor.token,
      contentType: 'application/json-patch+json',
      body: [],
    });
    expectStatus(jsonPatch, 415, 'UnsupportedMediaType');
  });

  it('replaces with PUT, refusing a stale resourceVersion with Conflict', async () => {
    const editor = await kube.person(['editor']);
    const live = await kube.request(canariesPath('prod', 'web'), { token: editor.token });
    const version = String(at(live.json, 'metadata', 'resourceVersion'));
    const replaced = await kube.request(canariesPath('prod', 'web'), {
      method: 'PUT',
      token: editor.token,
      body: canary('web', httpSpec('https://example.org'), { resourceVersion: version }),
    });
    expect(replaced.status).toBe(200);
    expect(at(replaced.json, 'metadata', 'labels')).toBeUndefined();
    expect(at(replaced.json, 'spec', 'http', 0, 'url')).toBe('https://example.org');
    const stale = await kube.request(canariesPath('prod', 'web'), {
      method: 'PUT',
      token: editor.token,
      body: canary('web', httpSpec('https://example.net'), { resourceVersion: version }),
    });
    expectStatus(stale, 409, 'Conflict');
    const renamed = await kube.request(canariesPath('prod', 'web'), {
      method: 'PUT',
      token: editor.token,
      body: canary('other', httpSpec()),
    });
    expectStatus(renamed, 400, 'BadRequest');
  });

  it('server-side apply creates a missing canary and updates it from YAML', async () => {
    const editor = await kube.person(['editor']);
    const yaml = (url: string) =>
      `apiVersion: canaries.flanksource.com/v1\nkind: Canary\nmetadata:\n  name: applied\nspec:\n  http:\n    - name: home\n      url: ${url}\n`;
    const created = await kube.request(`${canariesPath('ops', 'applied')}?fieldManager=test`, {
      method: 'PATCH',
      token: editor.token,
      contentType: 'application/apply-patch+yaml',
      rawBody: yaml('https://a.example.com'),
    });
    expect(created.status).toBe(201);
    const updated = await kube.request(`${canariesPath('ops', 'applied')}?fieldManager=test`, {
      method: 'PATCH',
      token: editor.token,
      contentType: 'application/apply-patch+yaml',
      rawBody: yaml('https://b.example.com'),
    });
    expect(updated.status).toBe(200);
    expect(at(updated.json, 'spec', 'http', 0, 'url')).toBe('https://b.example.com');
  });

  it('lets a viewer read but not write, and a responder not write canaries', async () => {
    for (const role of ['viewer', 'responder'] as const) {
      const reader = await kube.person([role]);
      expect(
        (await kube.request(canariesPath('prod', 'web'), { token: reader.token })).status,
      ).toBe(200);
      const create = await kube.request(canariesPath('prod'), {
        method: 'POST',
        token: reader.token,
        body: canary(`by-${role}`, httpSpec()),
      });
      expect(expectStatus(create, 403, 'Forbidden')).toContain(
        `cannot create resource "canaries" in API group "canaries.flanksource.com" in the namespace "prod"`,
      );
      const remove = await kube.request(canariesPath('prod', 'web'), {
        method: 'DELETE',
        token: reader.token,
      });
      expectStatus(remove, 403, 'Forbidden');
    }
    expectStatus(await kube.request(canariesPath()), 401, 'Unauthorized');
    expectStatus(
      await kube.request(canariesPath('prod'), { method: 'POST', body: canary('x', httpSpec()) }),
      401,
      'Unauthorized',
    );
    expectStatus(await kube.request(canariesPath(), { token: 'vgt_forged' }), 401, 'Unauthorized');
  });

  it('deletes by soft delete, which retires the checks', async () => {
    const admin = await kube.person(['admin']);
    const live = await kube.request(canariesPath('prod', 'web'), { token: admin.token });
    const uid = String(at(live.json, 'metadata', 'uid'));
    const removed = await kube.request(canariesPath('prod', 'web'), {
      method: 'DELETE',
      token: admin.token,
      body: { kind: 'DeleteOptions', apiVersion: 'v1', propagationPolicy: 'Background' },
    });
    expect(removed.status).toBe(200);
    expect(at(removed.json, 'metadata', 'name')).toBe('web');
    const [row] = await kube.query<{ gone: boolean }>(
      `select deleted_at is not null as gone from canaries where id = $1`,
      [uid],
    );
    expect(row).toEqual({ gone: true });
    expect(await liveChecks(uid)).toEqual([]);
    expectStatus(
      await kube.request(canariesPath('prod', 'web'), { token: admin.token }),
      404,
      'NotFound',
    );
    const recreated = await kube.request(canariesPath('prod'), {
      method: 'POST',
      token: admin.token,
      body: canary('web', httpSpec()),
    });
    expect(recreated.status).toBe(201);
  });

  it('serves and patches canaries made in the console, whatever their names and labels', async () => {
    const editor = await kube.person(['editor']);
    await kube.query(
      `insert into canaries (name, namespace, labels, spec) values ('My Canary', 'prod', '{"n": 1}', $1)`,
      [JSON.stringify(httpSpec())],
    );
    const path = canariesPath('prod', 'My%20Canary');
    const read = await kube.request(path, { token: editor.token });
    expect(at(read.json, 'metadata', 'labels')).toEqual({ n: '1' });
    const patched = await kube.request(path, {
      method: 'PATCH',
      token: editor.token,
      contentType: 'application/merge-patch+json',
      body: { metadata: { labels: { n: '2' } } },
    });
    expect(patched.status).toBe(200);
    expect(at(patched.json, 'metadata', 'labels')).toEqual({ n: '2' });
  });

  it('does not serve canaries that came from an agent', async () => {
    const admin = await kube.person(['admin']);
    const [agent] = await kube.query<{ id: string }>(
      `insert into agents (name) values ('edge') returning id`,
    );
    await kube.query(
      `insert into canaries (name, namespace, spec, agent_id) values ('remote', 'prod', '{}', $1)`,
      [agent?.id],
    );
    expectStatus(
      await kube.request(canariesPath('prod', 'remote'), { token: admin.token }),
      404,
      'NotFound',
    );
  });
});

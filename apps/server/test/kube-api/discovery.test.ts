import { describe, expect, it } from 'vitest';
import { at, expectStatus, kubePath, useKubeApp } from './helpers.ts';

const kube = useKubeApp();

describe('Kubernetes-style discovery', () => {
  it('serves the core versions, the group list, the group and its resources', async () => {
    const { token } = await kube.person(['viewer']);
    const core = await kube.request(`${kubePath}/api`, { token });
    expect(core.status).toBe(200);
    expect(at(core.json, 'kind')).toBe('APIVersions');

    // kubectl first asks for aggregated discovery; plain JSON makes it fall back.
    const groups = await kube.request(`${kubePath}/apis`, {
      token,
      accept:
        'application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList,application/json',
    });
    expect(groups.headers.get('content-type')).toMatch(/^application\/json/);
    expect(groups.headers.get('content-type')).not.toContain('apidiscovery');
    expect(groups.json).toMatchObject({
      kind: 'APIGroupList',
      groups: [
        {
          name: 'canaries.flanksource.com',
          versions: [{ groupVersion: 'canaries.flanksource.com/v1', version: 'v1' }],
          preferredVersion: { groupVersion: 'canaries.flanksource.com/v1', version: 'v1' },
        },
        {
          name: 'configs.flanksource.com',
          versions: [{ groupVersion: 'configs.flanksource.com/v1', version: 'v1' }],
          preferredVersion: { groupVersion: 'configs.flanksource.com/v1', version: 'v1' },
        },
        {
          name: 'mission-control.flanksource.com',
          versions: [{ groupVersion: 'mission-control.flanksource.com/v1', version: 'v1' }],
          preferredVersion: { groupVersion: 'mission-control.flanksource.com/v1', version: 'v1' },
        },
      ],
    });

    const group = await kube.request(`${kubePath}/apis/canaries.flanksource.com`, { token });
    expect(at(group.json, 'kind')).toBe('APIGroup');

    const resources = await kube.request(`${kubePath}/apis/canaries.flanksource.com/v1`, {
      token,
    });
    expect(resources.json).toMatchObject({
      kind: 'APIResourceList',
      groupVersion: 'canaries.flanksource.com/v1',
      resources: [
        {
          name: 'canaries',
          singularName: 'canary',
          kind: 'Canary',
          namespaced: true,
          shortNames: ['canary'],
          verbs: ['create', 'delete', 'get', 'list', 'patch', 'update'],
        },
        {
          name: 'topologies',
          singularName: 'topology',
          kind: 'Topology',
          namespaced: true,
          verbs: ['create', 'delete', 'get', 'list', 'patch', 'update'],
        },
      ],
    });
  });

  it('reports a Kubernetes version kubectl can compare with its own', async () => {
    const { token } = await kube.person([]);
    const version = await kube.request(`${kubePath}/version`, { token });
    expect(version.json).toMatchObject({ major: '1', minor: '32' });
    expect(String(at(version.json, 'gitVersion'))).toMatch(/^v1\.32\.0\+vigil/);
  });

  it('publishes OpenAPI v3 with the Canary schema and field validation on writes', async () => {
    const { token } = await kube.person(['viewer']);
    const index = await kube.request(`${kubePath}/openapi/v3`, { token });
    const url = String(
      at(index.json, 'paths', 'apis/canaries.flanksource.com/v1', 'serverRelativeURL'),
    );
    // Relative to the server root, so it keeps the API's path prefix.
    expect(url).toMatch(
      /^\/api\/kubernetes\/openapi\/v3\/apis\/canaries\.flanksource\.com\/v1\?hash=/,
    );
    const document = await kube.request(url, { token });
    const patch = at(
      document.json,
      'paths',
      '/apis/canaries.flanksource.com/v1/namespaces/{namespace}/canaries/{name}',
      'patch',
    );
    expect(at(patch, 'x-kubernetes-group-version-kind')).toEqual({
      group: 'canaries.flanksource.com',
      version: 'v1',
      kind: 'Canary',
    });
    expect(at(patch, 'parameters', 0, 'name')).toBe('fieldValidation');
    const content: unknown = at(patch, 'requestBody', 'content');
    expect(
      Object.keys(typeof content === 'object' && content !== null ? content : {}),
    ).not.toContain('application/strategic-merge-patch+json');
    const schema = at(document.json, 'components', 'schemas', 'com.flanksource.canaries.v1.Canary');
    expect(at(schema, 'properties', 'spec', 'properties', 'http', 'type')).toBe('array');
  });

  it('answers OpenAPI v2 as an empty protobuf document when kubectl asks for protobuf', async () => {
    const { token } = await kube.person(['viewer']);
    const v2 = await kube.request(`${kubePath}/openapi/v2`, {
      token,
      accept: 'application/com.github.proto-openapi.spec.v2@v1.0+protobuf',
    });
    expect(v2.status).toBe(200);
    expect(v2.text).toBe('');
    const json = await kube.request(`${kubePath}/openapi/v2`, { token });
    expect(at(json.json, 'swagger')).toBe('2.0');
  });

  it('answers unknown paths, groups and kinds with a NotFound Status', async () => {
    const { token } = await kube.person(['viewer']);
    for (const path of [
      `${kubePath}/apis/apps`,
      `${kubePath}/apis/apps/v1`,
      `${kubePath}/apis/apps/v1/namespaces/default/deployments`,
      `${kubePath}/nothing/here`,
    ]) {
      expectStatus(await kube.request(path, { token }), 404, 'NotFound');
    }
  });

  it('refuses anonymous callers and unknown or expired tokens with 401', async () => {
    expect(expectStatus(await kube.request(`${kubePath}/apis`), 401, 'Unauthorized')).toBe(
      'Unauthorized',
    );
    const unknown = await kube.request(`${kubePath}/apis`, { token: 'vgt_not-a-real-token' });
    expect(expectStatus(unknown, 401, 'Unauthorized')).toMatch(/unknown or has expired/);
    const { id } = await kube.person(['admin']);
    const tokens =
      await import('../../src/modules/identity/access-tokens/access-tokens.service.ts');
    const service = tokens.createAccessTokenService(kube.app().database.db);
    const expired = await service.issue({
      personId: id,
      name: 'old',
      ttlSeconds: 1,
      createdBy: id,
    });
    await kube.query(
      `update access_tokens set expires_at = now() - interval '1 second' where id = $1`,
      [expired.id],
    );
    expectStatus(
      await kube.request(`${kubePath}/apis`, { token: expired.token }),
      401,
      'Unauthorized',
    );
    // A token of a deleted person stops working at once.
    const gone = await kube.person(['admin']);
    await kube.query(`update people set deleted_at = now() where id = $1`, [gone.id]);
    expectStatus(
      await kube.request(`${kubePath}/apis`, { token: gone.token }),
      401,
      'Unauthorized',
    );
  });

  it('records when a token was last used', async () => {
    const { id, token } = await kube.person(['viewer']);
    await kube.request(`${kubePath}/apis`, { token });
    const rows = await kube.query<{ used: boolean }>(
      `select last_used_at is not null as used from access_tokens where person_id = $1`,
      [id],
    );
    expect(rows).toEqual([{ used: true }]);
  });
});

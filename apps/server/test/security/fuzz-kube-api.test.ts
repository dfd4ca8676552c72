import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { adversarial } from '../data-api/fuzz-values.ts';
import {
  canariesPath,
  canary,
  expectStatus,
  httpSpec,
  kubePath,
  useKubeApp,
} from '../kube-api/helpers.ts';
import {
  encodeBytes,
  fuzzRuns,
  fuzzSurface,
  plantSecrets,
  schemaDigest,
  sentinelSecrets,
  watchWrites,
  type RawRequest,
} from './fuzz-harness.ts';
import {
  contentType,
  deepNesting,
  fillHole,
  hole,
  hostileBody,
  mostly,
  nestedJson,
} from './hostile-bodies.ts';

const kube = useKubeApp();
const tokens: Record<string, string> = {};

beforeAll(async () => {
  for (const role of ['editor', 'viewer', 'admin'] as const) {
    tokens[role] = (await kube.person([role], role)).token;
  }
  for (const name of ['web', 'api']) {
    const created = await kube.request(canariesPath('prod'), {
      method: 'POST',
      token: tokens.editor,
      body: canary(name, httpSpec()),
    });
    expect(created.status).toBe(201);
  }
  await plantSecrets(kube.app().database.db.pool);
});

const text = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...adversarial) },
  { weight: 2, arbitrary: fc.string({ maxLength: 30 }) },
  { weight: 2, arbitrary: fc.constant(hole) },
);
const name = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('web', 'api', 'new-one') },
  { weight: 2, arbitrary: fc.stringMatching(/^[a-z][a-z0-9-]{0,12}$/) },
  { weight: 1, arbitrary: fc.constantFrom(...adversarial) },
);
const namespace = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('prod', 'default') },
  { weight: 1, arbitrary: fc.constantFrom(...adversarial) },
);
const value = fc.oneof(text, fc.jsonValue({ maxDepth: 2 }));
const or = <T>(valid: fc.Arbitrary<T>) => mostly(valid, value);
const labels = or(fc.dictionary(fc.constantFrom('team', 'env'), fc.constantFrom('sre', 'prod')));

const spec = or(
  fc.oneof(
    fc.constant(httpSpec()),
    fc.record(
      {
        schedule: or(fc.constantFrom('@every 1m', '*/5 * * * *', '@every 0s', '@every 99999h')),
        http: fc.array(fc.record({ name: or(fc.constant('home')), url: or(fc.webUrl()) }), {
          maxLength: 2,
        }),
        dns: fc.array(fc.record({ name: text, server: text, query: text }), { maxLength: 1 }),
      },
      { requiredKeys: [] },
    ),
  ),
);

const object = fc.record(
  {
    apiVersion: or(fc.constant('canaries.flanksource.com/v1')),
    kind: or(fc.constant('Canary')),
    metadata: fc.record(
      {
        name: or(name),
        namespace: or(namespace),
        labels,
        annotations: labels,
        resourceVersion: or(fc.constantFrom('1', '0', '99999999999999999999')),
        uid: or(fc.uuid()),
      },
      { requiredKeys: ['name'] },
    ),
    spec,
    status: value,
  },
  { requiredKeys: ['apiVersion', 'kind', 'metadata', 'spec'] },
);

const kubeContentType = fc.oneof(
  { weight: 2, arbitrary: contentType },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      'application/merge-patch+json',
      'application/strategic-merge-patch+json',
      'application/apply-patch+yaml',
      'application/json-patch+json',
    ),
  },
);

/** YAML that only a YAML parser meets: aliases, tags, merge keys, deep flow collections. */
const yamlOnly = fc.constantFrom(
  ...(deepNesting
    ? [
        `spec: ${'['.repeat(3_000)}${']'.repeat(3_000)}\n`,
        `spec: ${'{a: '.repeat(1_000)}1${'}'.repeat(1_000)}\n`,
      ]
    : []),
  'metadata: {name: web}\nspec: &s {a: *s}\n',
  'a: !!js/function "function(){}"\nmetadata: {name: web}\n',
  '<<: {metadata: {name: web}}\n__proto__: {polluted: yes}\n',
  'metadata:\n  name: web\n  __proto__:\n    polluted: yes\n',
  '%YAML 9.9\n---\na: 1\n',
  '--- !!binary |\n  R0lGODlh\n',
  'metadata: {name: web}\n---\nmetadata: {name: api}\n',
);

const discovery = fc.constantFrom(
  '/api',
  '/api/v1',
  '/apis',
  '/version',
  '/openapi/v2',
  '/openapi/v3',
  '/apis/canaries.flanksource.com',
  '/apis/canaries.flanksource.com/v1',
  '/apis/canaries.flanksource.com/v2',
  '/apis/nope/v1',
  '/openapi/v3/apis/canaries.flanksource.com/v1',
  '/openapi/v3/apis/%00/%ff',
);
const listQuery = fc
  .array(
    fc.tuple(
      fc.constantFrom('labelSelector', 'fieldSelector', 'watch', 'includeObject', 'dryRun'),
      fc.oneof(
        fc.constantFrom('env=prod', 'metadata.name=web', 'a in (b,c)', '!a', 'true', 'All'),
        text,
      ),
    ),
    { maxLength: 2 },
  )
  .map((pairs) => (pairs.length ? `?${new URLSearchParams(pairs).toString()}` : ''));

const verb = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH') },
  { weight: 1, arbitrary: fc.constant('DELETE') },
  { weight: 1, arbitrary: fc.constantFrom('HEAD', 'OPTIONS') },
);

/** A canary path that fits the verb (POST on a collection, PUT on an item …), most of the time. */
const resourceRequest = fc
  .tuple(
    verb,
    namespace,
    name,
    fc.nat(9),
    fc.oneof({ weight: 3, arbitrary: fc.constant('') }, { weight: 1, arbitrary: listQuery }),
  )
  .map(([method, ns, n, dice, query]) => {
    const onItem =
      dice === 0 ? method === 'POST' : method !== 'POST' && (method !== 'GET' || dice > 5);
    const path = canariesPath(encodeBytes(ns), onItem ? encodeBytes(n) : undefined);
    return { method, path: `${path.slice(kubePath.length)}${query}` };
  });

const anyRequest = fc.oneof(
  { weight: 6, arbitrary: resourceRequest },
  { weight: 1, arbitrary: fc.record({ method: verb, path: discovery }) },
  {
    weight: 1,
    arbitrary: fc.record({
      method: verb,
      path: listQuery.map((q) => `/apis/canaries.flanksource.com/v1/canaries${q}`),
    }),
  },
);

const input = fc.record({
  token: fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom('editor', 'admin') },
    { weight: 2, arbitrary: fc.constantFrom('viewer', 'none', 'forged') },
  ),
  request: anyRequest,
  contentType: kubeContentType,
  accept: fc.constantFrom(
    'application/json',
    'application/json;as=Table;v=v1;g=meta.k8s.io',
    'application/yaml',
    '*/*',
  ),
  body: fc.oneof({ weight: 5, arbitrary: hostileBody(object) }, { weight: 1, arbitrary: yamlOnly }),
});

type KubeInput = typeof input extends fc.Arbitrary<infer T> ? T : never;

function toRequest(value: KubeInput): RawRequest {
  const headers: Record<string, string> = { accept: value.accept };
  const token = value.token === 'forged' ? 'not-a-token' : tokens[value.token];
  if (token !== undefined) headers.authorization = `Bearer ${token}`;
  if (value.contentType) headers['content-type'] = value.contentType;
  return {
    method: value.request.method,
    url: `${kube.app().baseUrl}${kubePath}${value.request.path}`,
    headers,
    body: value.body,
  };
}

/** A canary whose spec is 5,000 deep, created, replaced and patched. */
function deepObjects(): KubeInput[] {
  const body = fillHole(canary('deep', { http: hole }), nestedJson(5_000, 'mixed'));
  const at = (name?: string) => canariesPath('prod', name).slice(kubePath.length);
  const requests: Array<KubeInput['request']> = [
    { method: 'POST', path: at() },
    { method: 'PUT', path: at('web') },
    { method: 'PATCH', path: at('web') },
  ];
  return requests.map((request) => ({
    token: 'editor',
    request,
    contentType: request.method === 'PATCH' ? 'application/merge-patch+json' : 'application/json',
    accept: 'application/json',
    body,
  }));
}

describe('fuzzing the Kubernetes-style API', () => {
  it.each([
    ['includeObject=env%3Dprod', 'includeObject'],
    ['labelSelector=a&labelSelector=b', 'labelSelector'],
    ['watch=1&watch=2', 'watch'],
  ])('refuses the list parameters %s with a 400 Status naming %s', async (query, name) => {
    const listed = await kube.request(`${canariesPath('prod')}?${query}`, {
      token: tokens.editor,
    });
    expect(expectStatus(listed, 400, 'BadRequest')).toMatch(new RegExp(`^${name}: `));
    const removal = await kube.request(`${canariesPath('prod', 'web')}?dryRun=All&${query}`, {
      method: 'DELETE',
      token: tokens.editor,
    });
    expectStatus(removal, 400, 'BadRequest');
  });

  it('answers below 500, leaks no secret and writes nothing when it refuses', async () => {
    const pool = kube.app().database.db.pool;
    const schemaBefore = await schemaDigest(pool);
    // A token's last use is recorded on every call, refused or not.
    const digest = await watchWrites(pool, { countOnly: ['access_tokens'] });
    await fuzzSurface({
      name: 'kubernetes API',
      input,
      runs: fuzzRuns(700),
      toRequest,
      secrets: () => [...sentinelSecrets, ...Object.values(tokens)],
      digest,
      examples: deepNesting ? deepObjects() : [],
    });
    expect(await schemaDigest(pool)).toEqual(schemaBefore);
  }, 180_000);
});

import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { testActorHeader } from '../app.ts';
import { useAgentsApi, type CreatedAgent } from '../agents/agents-harness.ts';
import { batch } from '../agents/push-fixtures.ts';
import { adversarial } from '../data-api/fuzz-values.ts';
import {
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

const api = useAgentsApi();
let edge: CreatedAgent;
let other: CreatedAgent;
/** Ids of rows that exist: the agent's own, another agent's, and the installation's. */
const known: string[] = [];

beforeAll(async () => {
  edge = await api.createAgent('edge', { properties: { region: 'eu' } });
  other = await api.createAgent('other');
  for (const agent of [edge, other]) {
    const pushed = batch();
    const reply = await api.call('POST', 'agent/push', { token: agent.token }, pushed.body);
    expect(reply.status).toBe(200);
    known.push(...Object.values(pushed.ids));
  }
  const [local] = await api.query<{ id: string }>(
    `insert into canaries (name, spec) values ('local-web', '{}') returning id`,
  );
  known.push(local?.id ?? '');
  await plantSecrets(api.app.database.db.pool);
});

const text = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...adversarial) },
  { weight: 2, arbitrary: fc.string({ maxLength: 30 }) },
  { weight: 2, arbitrary: fc.constant(hole) },
);
const id = fc.oneof(
  { weight: 4, arbitrary: fc.nat().map((i) => known[i % known.length] ?? '') },
  { weight: 2, arbitrary: fc.uuid() },
  { weight: 1, arbitrary: text },
);
const value = fc.oneof(text, fc.jsonValue({ maxDepth: 2 }));
const or = <T>(valid: fc.Arbitrary<T>) => mostly(valid, value);
const labels = or(fc.dictionary(fc.constantFrom('team', 'env'), fc.constantFrom('web', 'prod')));
const name = or(fc.constantFrom('web', 'home', 'login'));
const at = or(
  fc.oneof(
    fc
      .date({ min: new Date(2020, 0), max: new Date(2030, 0), noInvalidDate: true })
      .map((d) => d.toISOString()),
    fc.constantFrom(
      '+275760-09-13T00:00:00.000Z',
      '0000-01-01T00:00:00Z',
      '2026-01-01T00:00:00+14:00',
    ),
  ),
);

const canaryRow = fc.record(
  {
    id,
    name,
    namespace: or(fc.constant('shop')),
    labels,
    annotations: labels,
    spec: or(fc.constant({ http: [{ name: 'home', url: 'http://shop.local/' }] })),
    schedule: or(fc.constant('@every 30s')),
    deleted_at: fc.option(at),
  },
  { requiredKeys: ['id', 'name', 'spec'] },
);
const checkRow = fc.record(
  {
    id,
    canary_id: id,
    type: or(fc.constant('http')),
    name,
    labels,
    spec: value,
    severity: or(fc.constantFrom('high', 'critical')),
    transformed: or(fc.boolean()),
    agent_id: id,
  },
  { requiredKeys: ['id', 'canary_id', 'type', 'name'] },
);
const statusRow = fc.record(
  {
    check_id: id,
    time: at,
    duration: or(fc.oneof(fc.nat(), fc.integer(), fc.double())),
    status: or(fc.boolean()),
    error: text,
    message: text,
    detail: value,
  },
  { requiredKeys: ['check_id', 'time', 'status'] },
);
const pushShape = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record(
      {
        canaries: fc.array(canaryRow, { maxLength: 3 }),
        checks: fc.array(checkRow, { maxLength: 3 }),
        check_statuses: fc.array(statusRow, { maxLength: 4 }),
      },
      { requiredKeys: [] },
    ),
  },
  { weight: 1, arbitrary: fc.dictionary(text, value, { maxKeys: 3 }) },
  { weight: 1, arbitrary: value },
);

type Caller = 'edge' | 'other' | 'forged' | 'none' | 'admin-header';
const input = fc.record({
  caller: fc.oneof(
    { weight: 6, arbitrary: fc.constant<Caller>('edge') },
    { weight: 1, arbitrary: fc.constantFrom<Caller>('other', 'forged', 'none', 'admin-header') },
  ),
  method: fc.oneof(
    { weight: 8, arbitrary: fc.constant('POST') },
    { weight: 1, arbitrary: fc.constantFrom('PUT', 'PATCH', 'GET', 'DELETE') },
  ),
  contentType,
  body: hostileBody(pushShape),
});

function authorization(caller: Caller): Record<string, string> {
  if (caller === 'edge') return { authorization: `Bearer ${edge.token}` };
  if (caller === 'other') return { authorization: `Bearer ${other.token}` };
  // An agent-token lookalike whose secret part is wrong.
  if (caller === 'forged') return { authorization: `Bearer ${edge.token.slice(0, -4)}AAAA` };
  if (caller === 'admin-header') return { [testActorHeader]: 'admin' };
  return {};
}

type PushInput = typeof input extends fc.Arbitrary<infer T> ? T : never;

function toRequest(value: PushInput): RawRequest {
  const headers = { ...authorization(value.caller) };
  if (value.contentType) headers['content-type'] = value.contentType;
  return {
    method: value.method,
    url: `${api.app.baseUrl}/api/agent/push`,
    headers,
    body: value.body,
  };
}

/** A batch of the agent's own canary whose spec, then a status's detail, is 5,000 deep. */
function deepBatches(): PushInput[] {
  const { body } = batch();
  const deep = nestedJson(5_000, 'mixed');
  const withSpec = { ...body, canaries: [{ ...body.canaries[0], spec: { http: hole } }] };
  const withDetail = { ...body, check_statuses: [{ ...body.check_statuses[0], detail: hole }] };
  return [withSpec, withDetail].map((shape) => ({
    caller: 'edge',
    method: 'POST',
    contentType: 'application/json',
    body: fillHole(shape, deep),
  }));
}

describe('fuzzing POST /api/agent/push', () => {
  it('answers below 500, leaks no secret and writes nothing when it refuses', async () => {
    const pool = api.app.database.db.pool;
    const schemaBefore = await schemaDigest(pool);
    // Every call with a valid token marks its agent as seen, refused or not.
    const digest = await watchWrites(pool, { countOnly: ['agents', 'access_tokens'] });
    await fuzzSurface({
      name: 'agent push',
      input,
      runs: fuzzRuns(600),
      toRequest,
      secrets: () => [...sentinelSecrets, edge.token, other.token],
      digest,
      examples: deepNesting ? deepBatches() : [],
    });
    expect(await schemaDigest(pool)).toEqual(schemaBefore);
  }, 180_000);
});

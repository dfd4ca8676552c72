import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { expectError, useAgentsApi, type CreatedAgent } from './agents-harness.ts';
import { batch, pushHelpers } from './push-fixtures.ts';

const api = useAgentsApi();
const { push, snapshot, everything } = pushHelpers(api);

describe('POST /api/agent/push refusals', () => {
  let edge: CreatedAgent;
  let first: ReturnType<typeof batch>;

  it('accepts a first batch to refuse others against', async () => {
    edge = await api.createAgent('edge');
    first = batch();
    expect((await push(edge, first.body)).status).toBe(200);
  });

  it("refuses the whole batch when it names another agent's or the local rows", async () => {
    const other = await api.createAgent('other');
    const own = batch();
    const [local] = await api.query<{ id: string }>(
      `insert into canaries (name, spec) values ('local-web', '{}') returning id`,
    );
    const [localCheck] = await api.query<{ id: string }>(
      `insert into checks (canary_id, type, name) values ($1, 'http', 'local') returning id`,
      [local?.id],
    );
    const attempts = [
      // Another agent's canary, check and statuses, with rows of its own alongside.
      { ...own.body, canaries: [...own.body.canaries, { ...first.body.canaries[0] }] },
      { ...own.body, checks: [...own.body.checks, { ...first.body.checks[0] }] },
      {
        ...own.body,
        check_statuses: [
          { check_id: first.ids.home, time: new Date().toISOString(), status: true },
        ],
      },
      // A check hung under the installation's own canary, and a status for its check.
      { checks: [{ id: randomUUID(), canary_id: local?.id, type: 'http', name: 'x' }] },
      {
        check_statuses: [
          { check_id: localCheck?.id, time: new Date().toISOString(), status: false },
        ],
      },
    ];
    const totals = await everything();
    for (const body of attempts) {
      const reply = await push(other, body);
      expect(expectError(reply, 403, 'forbidden')).toMatch(/belong to another agent/);
    }
    expect(await everything()).toEqual(totals);
    expect(await snapshot(other.id)).toEqual([]);
  });

  it.each([
    ['a body that is not an object', [1, 2], /expected object/],
    ['canaries that are not a list', { canaries: {} }, /^canaries: /],
    [
      'a row without its id',
      { checks: [{ canary_id: randomUUID(), type: 'http', name: 'x' }] },
      /^checks\.0\.id: /,
    ],
    [
      'an id that is not a uuid',
      { canaries: [{ id: 'web', name: 'web', spec: {} }] },
      /^canaries\.0\.id: /,
    ],
    [
      'a canary whose spec the canary write rule refuses, as the data API does',
      { canaries: [{ id: randomUUID(), name: 'web', spec: { http: [{ name: 'home' }] } }] },
      /^canaries\.0\.spec\.http\[0\]\.url needs url/,
    ],
    [
      'a status time that is not a time',
      { check_statuses: [{ check_id: randomUUID(), time: 'now', status: true }] },
      /check_statuses\.0\.time: must be an ISO 8601 timestamp/,
    ],
    [
      'a status that is not a boolean',
      { check_statuses: [{ check_id: randomUUID(), time: '2026-01-01T00:00:00Z', status: 'up' }] },
      /check_statuses\.0\.status/,
    ],
    [
      'an unknown severity',
      {
        checks: [
          { id: randomUUID(), canary_id: randomUUID(), type: 'http', name: 'x', severity: 'meh' },
        ],
      },
      /checks\.0\.severity/,
    ],
    [
      'an unknown resource',
      { canaries: [], components: [] },
      /unknown resource 'components': a push carries canaries, checks, check_statuses/,
    ],
  ])('refuses %s with 400 and writes nothing', async (_what, body, message) => {
    const totals = await everything();
    const stamp = await api.query('select last_received from agents where id = $1', [edge.id]);
    const reply = await push(edge, body);
    expect(expectError(reply, 400, 'bad_request')).toMatch(message);
    expect(await everything()).toEqual(totals);
    expect(await api.query('select last_received from agents where id = $1', [edge.id])).toEqual(
      stamp,
    );
  });

  it('refuses a batch of more than 5000 rows with 413 and writes nothing', async () => {
    const totals = await everything();
    const statuses = Array.from({ length: 5001 }, (_, i) => ({
      check_id: first.ids.home,
      time: new Date(Date.UTC(2026, 1, 1) + i * 1000).toISOString(),
      status: true,
    }));
    const reply = await push(edge, { check_statuses: statuses });
    expect(expectError(reply, 413, 'payload_too_large')).toBe(
      'A push carries at most 5000 rows; this one has 5001.',
    );
    expect(await everything()).toEqual(totals);
  });

  it('refuses a deleted agent with 401 and writes nothing', async () => {
    const doomed = await api.createAgent('doomed');
    await api.call('PATCH', `db/agents?id=eq.${doomed.id}`, 'admin', {
      deleted_at: new Date().toISOString(),
    });
    const totals = await everything();
    expectError(await push(doomed, batch().body), 401, 'unauthenticated');
    expect(await everything()).toEqual(totals);
  });
});

import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { TestApp } from '../app.ts';
import { startCountingTarget, type CountingTarget } from './counting-target.ts';
import { call, createdId, eventually, startTestApp } from './health-harness.ts';

let app: TestApp;
let target: CountingTarget;

beforeAll(async () => {
  app = await startTestApp();
  target = await startCountingTarget();
});

afterAll(async () => {
  await app.close();
  await target.close();
});

async function counts() {
  const { rows } = await app.database.db.pool.query<{ canaries: number; checks: number }>(
    `select (select count(*)::int from canaries) as canaries,
            (select count(*)::int from checks) as checks`,
  );
  return rows[0];
}

/** A loopback port with nothing listening on it. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const ok = { name: 'ok', url: 'http://127.0.0.1:9/' };

function messageOf(json: unknown): string {
  const parsed = z.object({ message: z.string() }).safeParse(json);
  return parsed.success ? parsed.data.message : '';
}

describe('canary specs that cannot run are refused, naming the field', () => {
  it.each([
    ['a spec that is not an object', 'not a spec', 'spec must be an object'],
    ['a spec that is a list', [ok], 'spec must be an object'],
    ['a check list that is not a list', { http: ok }, 'spec.http must be a list'],
    ['a check that is not an object', { http: ['http://x'] }, 'spec.http[0] '],
    ['a check without its url', { http: [{ name: 'x' }] }, 'spec.http[0].url needs url'],
    ['a check without a name', { http: [{ url: 'http://x/' }] }, 'spec.http[0].name '],
    [
      'a field of the wrong type',
      { http: [{ ...ok, responseCodes: 'all' }] },
      'spec.http[0].responseCodes ',
    ],
    [
      'an unknown field of a check',
      { http: [{ ...ok, colour: 'red' }] },
      'spec.http[0].colour is not a known field',
    ],
    [
      'an unknown field of the spec',
      { colour: 'red', http: [ok] },
      'spec.colour is not a known field',
    ],
    [
      'an unknown field of an expression',
      { http: [{ ...ok, test: { cel: 'true' } }] },
      'spec.http[0].test.cel is not a known field',
    ],
    ['a spec without checks', { schedule: '@every 1m' }, 'spec declares no checks'],
    [
      'a schedule of "@every soon"',
      { schedule: '@every soon', http: [ok] },
      'spec.schedule must be @every followed by a duration',
    ],
    [
      'a schedule of "61 * * * *"',
      { schedule: '61 * * * *', http: [ok] },
      'spec.schedule is not a valid schedule',
    ],
    [
      'a schedule below a second',
      { schedule: '@every 100ms', http: [ok] },
      'spec.schedule must run at most once a second',
    ],
    ['an interval that is not a number', { interval: 'often', http: [ok] }, 'spec.interval '],
    [
      'bad CEL in test',
      { http: [{ ...ok, test: { expr: 'code ==' } }] },
      'spec.http[0].test.expr is not valid',
    ],
    [
      'bad CEL in display',
      { http: [{ ...ok, display: { expr: 'code ==' } }] },
      'spec.http[0].display.expr is not valid',
    ],
    [
      'bad CEL in transform',
      { http: [{ ...ok, transform: { expr: 'code ==' } }] },
      'spec.http[0].transform.expr is not valid',
    ],
    [
      'an unknown CEL function',
      { http: [{ ...ok, test: { expr: 'fooBar(code) == 1' } }] },
      'spec.http[0].test.expr is not valid: unknown function "fooBar"',
    ],
    [
      'an unknown function of a CEL namespace',
      { http: [{ ...ok, display: { expr: 'k8s.fooBar(json)' } }] },
      'spec.http[0].display.expr is not valid: unknown function "k8s.fooBar"',
    ],
    [
      'a CEL function called with the wrong types',
      { http: [{ ...ok, test: { expr: 'math.bitOr("a", 1) == 1' } }] },
      'spec.http[0].test.expr is not valid: found no matching overload',
    ],
    [
      'an unclosed template action',
      { http: [{ ...ok, display: { template: '{{ .x ' } }] },
      'spec.http[0].display.template is not valid',
    ],
    [
      'an if without its end',
      { http: [{ ...ok, display: { template: '{{ if .x }}' } }] },
      'spec.http[0].display.template is not valid: template: 1: unexpected EOF',
    ],
    [
      'an unknown template function',
      { http: [{ ...ok, test: { template: '{{ .x | nope }}' } }] },
      'spec.http[0].test.template is not valid: template: 1: function "nope" not defined',
    ],
    [
      'an unsupported type',
      { jmeter: [{ name: 'x' }] },
      'spec.jmeter check type jmeter is not supported yet',
    ],
    [
      'a malformed connection',
      { http: [{ ...ok, connection: 'db' }] },
      'spec.http[0].connection must look like connection://',
    ],
  ])('refuses %s with 400 and writes nothing', async (_what, spec, prefix) => {
    const before = await counts();
    const answer = await call(app, 'POST', '/api/db/canaries', 'editor', { name: 'bad', spec });
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual(
      expect.objectContaining({ code: 'bad_request', message: expect.stringMatching(/./) }),
    );
    expect(messageOf(answer.json)).toContain(prefix);
    expect(messageOf(answer.json).startsWith(prefix)).toBe(true);
    expect(await counts()).toEqual(before);
  });

  it('refuses an edit that breaks a stored canary, keeping it and its checks as they were', async () => {
    const created = await call(app, 'POST', '/api/db/canaries', 'editor', {
      name: 'stays',
      spec: { schedule: '@every 1m', http: [ok] },
    });
    expect(created.status).toBe(201);
    const id = createdId(created);
    const before = await counts();
    const patched = await call(app, 'PATCH', `/api/db/canaries?id=eq.${id}`, 'editor', {
      spec: { schedule: '@every soon', http: [{ name: 'other', url: 'http://x/' }] },
    });
    expect(patched.status).toBe(400);
    expect(JSON.stringify(patched.json)).toContain('spec.schedule');
    expect(await counts()).toEqual(before);
    const { rows } = await app.database.db.pool.query(
      `select c.schedule, k.name from canaries c join checks k on k.canary_id = c.id
       where c.id = $1 and k.deleted_at is null`,
      [id],
    );
    expect(rows).toEqual([{ schedule: '@every 1m', name: 'ok' }]);
  });

  it.each([
    ['viewer', 403],
    ['commander', 403],
    ['anonymous', 401],
  ] as const)('refuses a canary from %s with %i', async (role, status) => {
    const before = await counts();
    const answer = await call(app, 'POST', '/api/db/canaries', role, {
      name: `from-${role}`,
      spec: { http: [ok] },
    });
    expect(answer.status).toBe(status);
    expect(await counts()).toEqual(before);
  });
});

describe('canaries that fail at run time', () => {
  it('records an unreachable target and a missing connection, and keeps running the others', async () => {
    const port = await closedPort();
    const specs = [
      { name: 'unreachable', http: [{ name: 'down', url: `http://127.0.0.1:${port}/` }] },
      {
        name: 'misconfigured',
        http: [
          {
            name: 'no-conn',
            url: `${target.url}/no-conn`,
            connection: 'connection://default/missing',
          },
        ],
      },
      { name: 'healthy', http: [{ name: 'up', url: `${target.url}/up` }] },
    ];
    for (const { name, ...spec } of specs) {
      const created = await call(app, 'POST', '/api/db/canaries', 'editor', {
        name,
        spec: { schedule: '@every 1s', ...spec },
      });
      expect(created.status).toBe(201);
    }
    app.api.health.start();
    const latest = async (check: string, runs: number) => {
      const { rows } = await app.database.db.pool.query<{
        n: number;
        status: boolean;
        invalid: boolean;
        error: string | null;
      }>(
        `select count(*) over ()::int as n, s.status, s.invalid, s.error
         from check_statuses s join checks k on k.id = s.check_id
         where k.name = $1 order by s.time desc limit 1`,
        [check],
      );
      const row = rows[0];
      return row && row.n >= runs ? row : undefined;
    };
    const down = await eventually(() => latest('down', 2), 20_000, 'two runs of "down"');
    expect(down).toMatchObject({ status: false, invalid: false });
    expect(down.error).toMatch(/ECONNREFUSED|refused/i);
    expect(down.error).toContain(String(port));
    const noConn = await eventually(() => latest('no-conn', 2), 20_000, 'two runs of "no-conn"');
    expect(noConn).toMatchObject({
      status: false,
      invalid: true,
      error: 'connection default/missing was not found',
    });
    const up = await eventually(() => latest('up', 3), 20_000, 'three runs of "up"');
    expect(up).toMatchObject({ status: true, error: null });
    expect(target.count('/up')).toBeGreaterThanOrEqual(3);
    expect(target.count('/no-conn')).toBe(0);
    const { rows } = await app.database.db.pool.query<{ name: string; status: string }>(
      `select name, status from checks where name in ('down', 'no-conn', 'up') order by name`,
    );
    expect(rows).toEqual([
      { name: 'down', status: 'unhealthy' },
      { name: 'no-conn', status: 'unhealthy' },
      { name: 'up', status: 'healthy' },
    ]);
  }, 60_000);
});

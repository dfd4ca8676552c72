import { createServer, type IncomingMessage, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playbookHarness, type PlaybookHarness } from './harness.ts';

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

let h: PlaybookHarness;
let admin: Awaited<ReturnType<PlaybookHarness['person']>>;
let server: Server;
let base: string;
const seen: Seen[] = [];

beforeAll(async () => {
  h = await playbookHarness();
  admin = await h.person('actions-admin');
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      seen.push({
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body,
      });
      const status = request.url?.startsWith('/fail') ? 503 : 200;
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ ok: status === 200, path: request.url }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  await h.db.pool.query(
    `insert into connections (name, namespace, type, url, username, password, properties) values
       ('target', 'default', 'http', $1, 'svc', 's3cret-pw', '{}'),
       ('hook', 'default', 'generic_webhook', $2, null, null, '{}'),
       ('local-pg', 'default', 'postgres', $3, null, null, '{}')`,
    [base, `${base}/notify`, h.database.url],
  );
  h.engine.start();
});
afterAll(async () => {
  await h.close();
  server.close();
});

async function runToEnd(name: string, spec: string, params: Record<string, string> = {}) {
  const id = await h.playbook(name, spec);
  const { run_id } = await h.runs.run(admin, { id, params });
  const status = await h.waitFor(run_id, ['completed', 'failed']);
  return { status, actions: await h.actions(run_id) };
}

describe('exec', () => {
  it('runs a real child process with env, captures output and artifacts, masks secrets', async () => {
    const { status, actions } = await runToEnd(
      'exec-real',
      `
parameters: [{name: token, type: secret}]
actions:
  - name: script
    exec:
      script: |
        echo "pid $$ greeting=$GREETING token={{.params.token}}"
        echo "to stderr" >&2
        echo "artifact body" > out.txt
      env: [{name: GREETING, value: hi}]
      artifacts: [{path: out.txt}]
`,
      { token: 'very-secret-token' },
    );
    expect(status).toBe('completed');
    const result = actions[0]?.result ?? {};
    expect(result.stdout).toMatch(/^pid \d+ greeting=hi token=\*\*\*\n$/);
    expect(result.stderr).toBe('to stderr\n');
    expect(result.artifacts).toEqual([{ path: 'out.txt', size: 14, content: 'artifact body\n' }]);
    const [stored] = (
      await h.db.pool.query<{ id: string; token: string }>(
        `select id, parameters ->> 'token' as token from playbook_runs order by created_at desc limit 1`,
      )
    ).rows;
    expect(stored?.token).toMatch(/^v1\./);
    expect((await h.runs.get(admin, stored?.id ?? '')).parameters).toEqual({ token: '********' });
  });

  it('fails with the exit code and keeps the output; python runs from a shebang', async () => {
    const failed = await runToEnd(
      'exec-exit',
      `actions: [{name: bad, exec: {script: 'echo before; exit 7'}}]`,
    );
    expect(failed.status).toBe('failed');
    expect(failed.actions[0]?.error).toBe('the script exited with code 7');
    expect(failed.actions[0]?.result?.stdout).toBe('before\n');
    const python = await runToEnd(
      'exec-python',
      `actions: [{name: py, exec: {script: "#!/usr/bin/env python3\\nprint(6 * 7)"}}]`,
    );
    expect(python.actions[0]?.result?.stdout).toBe('42\n');
  });
});

describe('http', () => {
  it('sends the templated request and captures the response', async () => {
    seen.length = 0;
    const { status, actions } = await runToEnd(
      'http-post',
      `
parameters: [{name: who, default: vigil}]
actions:
  - name: post
    http:
      url: ${base}/hook
      method: POST
      templateBody: true
      body: '{"who": "{{.params.who}}"}'
      headers: [{name: X-Test, value: 'v-{{.params.who}}'}]
`,
    );
    expect(status).toBe('completed');
    expect(seen).toMatchObject([{ method: 'POST', url: '/hook', body: '{"who": "vigil"}' }]);
    expect(seen[0]?.headers['x-test']).toBe('v-vigil');
    expect(actions[0]?.result).toMatchObject({ code: 200, json: { ok: true, path: '/hook' } });
  });

  it("sends a connection's credentials to its own endpoint only", async () => {
    seen.length = 0;
    const own = await runToEnd(
      'http-connection',
      `actions: [{name: get, http: {connection: 'connection://default/target', url: '${base}/with-auth'}}]`,
    );
    expect(own.status).toBe('completed');
    const expected = `Basic ${Buffer.from('svc:s3cret-pw').toString('base64')}`;
    expect(seen[0]?.headers.authorization).toBe(expected);
    seen.length = 0;
    const other = await runToEnd(
      'http-elsewhere',
      `actions: [{name: get, http: {connection: 'connection://default/target', url: 'http://127.0.0.2:9/steal'}}]`,
    );
    expect(other.status).toBe('failed');
    expect(other.actions[0]?.error).toContain('only sent to its own endpoint');
    expect(seen).toHaveLength(0);
  });

  it('fails on an error status with the response kept', async () => {
    const { status, actions } = await runToEnd(
      'http-503',
      `actions: [{name: get, http: {url: '${base}/fail'}}]`,
    );
    expect(status).toBe('failed');
    expect(actions[0]?.error).toBe(`http: GET ${base}/fail answered 503`);
    expect(actions[0]?.result).toMatchObject({ code: 503 });
  });
});

describe('sql', () => {
  it("queries the machine's PostgreSQL through a connection, and last_result() reads it", async () => {
    const { status, actions } = await runToEnd(
      'sql-pg',
      `
actions:
  - name: count
    sql: {connection: 'connection://default/local-pg', driver: postgres, query: "select count(*)::int as n from playbooks where name = 'sql-pg'"}
  - name: after
    if: 'last_result().count == 1'
    exec: {script: 'echo rows={{ (last_result).rows | toJSON | shellQuote }}'}
`,
    );
    expect(status).toBe('completed');
    expect(actions[0]?.result).toEqual({ count: 1, rows: [{ n: 1 }] });
    expect(actions[1]?.result?.stdout).toBe('rows=[{"n":1}]\n');
  });

  it('reports a bad query as the failure', async () => {
    const { status, actions } = await runToEnd(
      'sql-bad',
      `actions: [{name: bad, sql: {url: '${h.database.url}', query: 'select * from no_such_table'}}]`,
    );
    expect(status).toBe('failed');
    expect(actions[0]?.error).toContain('no_such_table');
  });
});

describe('notification', () => {
  it('sends through the connection of a notification channel', async () => {
    seen.length = 0;
    const { status } = await runToEnd(
      'notify',
      `
actions:
  - name: tell
    notification: {connection: 'connection://default/hook', title: 'Run {{.playbook.name}}', message: done}
`,
    );
    expect(status).toBe('completed');
    expect(seen).toHaveLength(1);
    expect(JSON.parse(seen[0]?.body ?? '{}')).toEqual({ title: 'Run notify', message: 'done' });
  });
});

describe('kinds without a runner here', () => {
  it('fail the action with a clear message', async () => {
    const { status, actions } = await runToEnd(
      'azure-unsupported',
      `actions: [{name: g, azureDevopsPipeline: {org: o, project: p, pipeline: {id: '1'}}}]`,
    );
    expect(status).toBe('failed');
    expect(actions[0]?.error).toBe('action kind azureDevopsPipeline is not supported yet');
  });
});

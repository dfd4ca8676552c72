import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultHealthSettings } from '../../src/modules/health/health.module.ts';
import type { TestApp } from '../app.ts';
import { call, createdId, startTestApp } from './health-harness.ts';

// canary-checker fixtures, adapted to local targets: templateBody, $(var) urls, spec env from
// a secret, Go template actions in display, and a templated SQL query.
const machinePostgres = 'postgres://postgres@127.0.0.1:5432/test';
let app: TestApp;
let secretsDir = '';
let server: http.Server;
let target = '';
const received: { url: string; body: string }[] = [];

beforeAll(async () => {
  secretsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-template-secrets-'));
  fs.mkdirSync(path.join(secretsDir, 'api'));
  fs.writeFileSync(path.join(secretsDir, 'api', 'token'), 's3cret\n');
  server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({ url: request.url ?? '', body });
      response.setHeader('content-type', 'application/json');
      response.end('{"items":[{"name":"a","ok":true},{"name":"b","ok":false}]}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  target = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  app = await startTestApp({ health: { ...defaultHealthSettings, secretsDir } });
});

afterAll(async () => {
  await app.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(secretsDir, { recursive: true, force: true });
});

async function runOnly(name: string, spec: Record<string, unknown>) {
  const created = await call(app, 'POST', '/api/db/canaries', 'editor', { name, spec });
  expect(created.status).toBe(201);
  const canaryId = createdId(created);
  const { rows } = await app.database.db.pool.query<{ id: string }>(
    'select id from checks where canary_id = $1 and deleted_at is null',
    [canaryId],
  );
  const run = await call(app, 'POST', `/api/canary/run/check/${rows[0]?.id ?? ''}`, 'responder');
  expect(run.status).toBe(200);
  const status = await app.database.db.pool.query<{
    status: boolean;
    message: string;
    error: string;
  }>(
    'select status, message, error from check_statuses where check_id = $1 order by time desc limit 1',
    [rows[0]?.id],
  );
  return { run: run.json, status: status.rows[0] };
}

describe('templates in canary specs', () => {
  it('renders url $(var), templateBody and display actions from check env and spec env', async () => {
    const { run, status } = await runOnly('templated-http', {
      env: { token: { valueFrom: { secretKeyRef: { name: 'api', key: 'token' } } } },
      http: [
        {
          name: 'post',
          url: `${target}/items/$(region)?user={{ .user | urlquery }}`,
          method: 'POST',
          templateBody: true,
          env: [
            { name: 'region', value: 'eu' },
            { name: 'user', value: 'a b' },
          ],
          body: '{"canary":"{{ .canary.name }}","token":"{{ .token }}","who":"{{ .user | strings.ToUpper }}"}',
          display: {
            template:
              '{{- range $i, $item := .json.items }}{{ if $i }}, {{ end }}{{ $item.name }}{{ if $item.ok }} up{{ else }} down{{ end }}{{ end }}',
          },
        },
      ],
    });
    expect(run).toMatchObject({ total: 1, success: 1 });
    const last = received.at(-1);
    expect(last?.url).toBe('/items/eu?user=a+b');
    expect(JSON.parse(last?.body ?? '')).toEqual({
      canary: 'templated-http',
      token: 's3cret',
      who: 'A B',
    });
    expect(status?.message).toBe('a up, b down');
  });

  it('runs a templated SQL query rendered, not as written', async () => {
    const { run, status } = await runOnly('templated-sql', {
      postgres: [
        {
          name: 'rendered',
          url: machinePostgres,
          query:
            "select '{{ .check.name }}' as name, {{- if last_result.results.rows }} 0 {{- else }} 1 {{- end }} as first_run",
          display: { template: '{{ range .results.rows }}{{ .name }}:{{ .first_run }}{{ end }}' },
          test: { template: '{{ eq (index .results.rows 0).first_run 1 }}' },
        },
      ],
    });
    expect(run).toMatchObject({ total: 1, success: 1 });
    expect(status?.message).toBe('rendered:1');
  });

  it('records a template that fails at run time as invalid, naming the field', async () => {
    const { status } = await runOnly('bad-body', {
      http: [
        {
          name: 'bad',
          url: `${target}/`,
          templateBody: true,
          body: '{{ index .list 3 }}',
        },
      ],
    });
    expect(status?.status).toBe(false);
    expect(status?.error).toBe('body: error calling index: index of untyped nil');
  });

  it('refuses a templated field that does not parse when the canary is written', async () => {
    const answer = await call(app, 'POST', '/api/db/canaries', 'editor', {
      name: 'bad-query',
      spec: { postgres: [{ name: 'q', url: machinePostgres, query: 'select {{ nope }}' }] },
    });
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.json)).toContain(
      'spec.postgres[0].query is not a valid template: template: 1: function \\"nope\\" not defined',
    );
  });
});

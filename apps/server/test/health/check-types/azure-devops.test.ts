import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCanarySpec } from '../../../src/modules/health/canaries/canary-spec.ts';
import { connection, runCheck } from './check-context.ts';

/** Azure DevOps's REST API (projects, pipelines, runs) for org `acme`, behind a PAT. */
let server: http.Server;
let base = '';
const seen: string[] = [];
const pat = 'ado-pat-123';

const runsOf: Record<string, unknown[]> = {
  '7': [
    { id: 72, state: 'inProgress' },
    {
      id: 71,
      state: 'completed',
      result: 'succeeded',
      createdDate: '2025-05-01T10:00:00Z',
      finishedDate: '2025-05-01T10:01:30Z',
      variables: { env: { value: 'prod' } },
    },
  ],
  '8': [{ id: 81, state: 'completed', result: 'failed', variables: {} }],
};

function answer(path: string): unknown {
  if (path === '/acme/_apis/projects/Demo1') return { id: 'p-1', name: 'Demo1' };
  if (path === '/acme/p-1/_apis/pipelines') {
    return {
      value: [
        { id: 7, name: 'windows-build' },
        { id: 8, name: 'linux-build' },
      ],
    };
  }
  const list = /^\/acme\/p-1\/_apis\/pipelines\/(\d+)\/runs$/.exec(path);
  if (list) return { value: runsOf[list[1] ?? ''] ?? [] };
  const one = /^\/acme\/p-1\/_apis\/pipelines\/(\d+)\/runs\/(\d+)$/.exec(path);
  if (one) {
    const found = (runsOf[one[1] ?? ''] ?? []).find(
      (r) => typeof r === 'object' && r !== null && 'id' in r && String(r.id) === one[2],
    );
    const resources = { repositories: { self: { refName: 'refs/heads/main' } } };
    return typeof found === 'object' ? { ...found, resources } : undefined;
  }
  return undefined;
}

beforeAll(async () => {
  server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://ado');
    seen.push(`${url.pathname}?${url.searchParams.toString()}`);
    const expected = `Basic ${Buffer.from(`:${pat}`).toString('base64')}`;
    const body = request.headers.authorization === expected ? answer(url.pathname) : undefined;
    const status = request.headers.authorization !== expected ? 401 : body ? 200 : 404;
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify(body ?? { message: status === 401 ? 'Unauthorized' : 'not found' }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const ado = (password = pat) => ({
  connections: {
    'connection://default/ado': connection({ type: 'azure_devops', url: base, password }),
  },
});

describe('azureDevops check', () => {
  it("passes on a matching pipeline's latest completed run, signed in with the PAT", async () => {
    const outcome = await runCheck(
      'azureDevops',
      {
        connection: 'connection://default/ado',
        organization: 'acme',
        project: 'Demo1',
        pipeline: '^windows-',
        variables: { env: 'prod' },
        branch: ['main'],
        thresholdMillis: 120_000,
      },
      ado(),
    );
    expect(outcome.error).toBeUndefined();
    expect(outcome.pass).toBe(true);
    expect(seen).toContain('/acme/p-1/_apis/pipelines/7/runs/71?api-version=7.1');
  });

  it('fails on a run over the threshold and on an unsuccessful run, as canary-checker words it', async () => {
    const slow = await runCheck(
      'azureDevops',
      {
        connection: 'connection://default/ado',
        organization: 'acme',
        project: 'Demo1',
        pipeline: 'windows-build',
        thresholdMillis: 60_000,
      },
      ado(),
    );
    expect(slow.pass).toBe(false);
    expect(slow.error).toBe('Runtime:1m30s was over the threshold:1m0s');
    const failedRun = await runCheck(
      'azureDevops',
      {
        connection: 'connection://default/ado',
        organization: 'acme',
        project: 'Demo1',
        pipeline: 'linux-build',
      },
      ado(),
    );
    expect(failedRun.error).toBe('Runtime completed with unsuccessful result: failed');
  });

  it('fails naming the project when the PAT is refused', async () => {
    const outcome = await runCheck(
      'azureDevops',
      {
        connection: 'connection://default/ado',
        organization: 'acme',
        project: 'Demo1',
        pipeline: 'x',
      },
      ado('wrong'),
    );
    expect(outcome.pass).toBe(false);
    expect(outcome.error).toMatch(/^failed to get project \(name=Demo1\): HTTP 401/);
  });

  it('refuses a spec without project or with a bad threshold, naming the field', () => {
    const spec = { name: 'a', organization: 'o', pipeline: 'p', personalAccessToken: 't' };
    expect(parseCanarySpec({ azureDevops: [spec] })).toMatchObject({
      ok: false,
      field: 'spec.azureDevops[0].project',
    });
    expect(
      parseCanarySpec({ azureDevops: [{ ...spec, project: 'x', thresholdMillis: 'soon' }] }),
    ).toMatchObject({ ok: false, field: 'spec.azureDevops[0].thresholdMillis' });
  });
});

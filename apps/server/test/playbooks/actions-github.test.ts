import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeApi, type FakeApi } from '../logs/fake-log-apis.ts';
import { playbookHarness, type PlaybookHarness } from './harness.ts';

let h: PlaybookHarness;
let admin: Awaited<ReturnType<PlaybookHarness['person']>>;
let github: FakeApi;
const token = 'ghp_fakeTokenValue123';

beforeAll(async () => {
  h = await playbookHarness();
  admin = await h.person('github-admin');
  github = await startFakeApi();
  github.answer = (request) =>
    request.url.includes('/broken.yaml/')
      ? { status: 422, body: { message: `bad ref; you sent ${token}` } }
      : { status: 204, body: undefined };
  await h.db.pool.query(
    `insert into connections (name, namespace, type, url, password, properties)
     values ('gh', 'default', 'github', $1, $2, '{}')`,
    [github.url, token],
  );
  h.engine.start();
});
afterAll(async () => {
  await h.close();
  await github.close();
});

async function runToEnd(name: string, spec: string, params: Record<string, string> = {}) {
  const id = await h.playbook(name, spec);
  const { run_id } = await h.runs.run(admin, { id, params });
  const status = await h.waitFor(run_id, ['completed', 'failed']);
  return { status, actions: await h.actions(run_id) };
}

describe('github action', () => {
  it('dispatches each workflow with the token only to the connection, templated inputs', async () => {
    const before = github.requests.length;
    const { status, actions } = await runToEnd(
      'github-dispatch',
      `
parameters: [{name: environment, default: production}, {name: branch, default: release}]
actions:
  - name: dispatch
    github:
      connection: connection://default/gh
      username: flanksource
      repo: duty
      workflows:
        - id: release.yaml
          ref: '{{.params.branch}}'
          input: |
            {"environment": "{{.params.environment}}", "logLevel": "warning"}
        - id: lint.yaml
`,
    );
    expect(status).toBe('completed');
    const sent = github.requests.slice(before);
    expect(sent.map((r) => `${r.method} ${r.url}`)).toEqual([
      'POST /repos/flanksource/duty/actions/workflows/release.yaml/dispatches',
      'POST /repos/flanksource/duty/actions/workflows/lint.yaml/dispatches',
    ]);
    expect(sent[0]?.authorization).toBe(`Bearer ${token}`);
    expect(sent[0]?.headers.accept).toBe('application/vnd.github+json');
    expect(sent[0]?.headers['x-github-api-version']).toBe('2022-11-28');
    expect(JSON.parse(sent[0]?.body ?? '')).toEqual({
      ref: 'release',
      inputs: { environment: 'production', logLevel: 'warning' },
    });
    expect(JSON.parse(sent[1]?.body ?? '')).toEqual({ ref: 'main', inputs: {} });
    expect(actions[0]?.result).toEqual({
      workflows: [
        { id: 'release.yaml', ref: 'release', status: 204 },
        { id: 'lint.yaml', ref: 'main', status: 204 },
      ],
    });
    expect(JSON.stringify(actions)).not.toContain(token);
  });

  it('fails on a refused dispatch with the token masked, and on input that is not JSON', async () => {
    const refused = await runToEnd(
      'github-refused',
      `
actions:
  - name: dispatch
    github:
      connection: connection://default/gh
      username: flanksource
      repo: duty
      workflows: [{id: broken.yaml}]
`,
    );
    expect(refused.status).toBe('failed');
    expect(refused.actions[0]?.error).toContain('broken.yaml answered 422');
    expect(refused.actions[0]?.error).not.toContain(token);
    expect(refused.actions[0]?.error).toContain('***');
    const before = github.requests.length;
    const bad = await runToEnd(
      'github-bad-input',
      `
actions:
  - name: dispatch
    github: {connection: connection://default/gh, username: o, repo: r, workflows: [{id: a.yaml, input: 'not json'}]}
`,
    );
    expect(bad.status).toBe('failed');
    expect(bad.actions[0]?.error).toBe('github: workflow a.yaml: input is not a JSON object');
    expect(github.requests.length).toBe(before);
  });

  it('takes the token from an EnvVar (as upstream) and sends it to the connection url', async () => {
    await h.db.pool.query(
      `insert into connections (name, namespace, type, url, properties)
       values ('gh-api', 'default', 'github', $1, '{}')`,
      [github.url],
    );
    const before = github.requests.length;
    const { status } = await runToEnd(
      'github-envvar',
      `
parameters: [{name: pat, type: secret}]
actions:
  - name: dispatch
    github:
      connection: connection://default/gh-api
      username: flanksource
      repo: duty
      token: {value: '{{.params.pat}}'}
      workflows: [{id: release.yaml, ref: v1}]
`,
      { pat: 'param-token-456' },
    );
    expect(status).toBe('completed');
    const sent = github.requests.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.authorization).toBe('Bearer param-token-456');
  });
});

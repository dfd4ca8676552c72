import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeApi, type FakeApi } from '../logs/fake-log-apis.ts';
import { startFakeGitHttp } from './fake-git-http.ts';
import { playbookHarness, type PlaybookHarness } from './harness.ts';

let h: PlaybookHarness;
let admin: Awaited<ReturnType<PlaybookHarness['person']>>;
let github: FakeApi;
let scratch: string;
let bare: string;
const token = 'ghp_gitopsToken789';

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', args, { cwd, encoding: 'utf8', env: { PATH: process.env.PATH, HOME: cwd } });

beforeAll(async () => {
  scratch = mkdtempSync(path.join(tmpdir(), 'vigil-gitops-test-'));
  bare = path.join(scratch, 'acme', 'deploy.git');
  mkdirSync(bare, { recursive: true });
  git(bare, 'init', '--quiet', '--bare', '--initial-branch=master');
  const work = path.join(scratch, 'work');
  git(scratch, 'clone', '--quiet', bare, work);
  mkdirSync(path.join(work, 'fixtures', 'minimal'), { recursive: true });
  mkdirSync(path.join(work, 'fixtures', 'topology'), { recursive: true });
  writeFileSync(
    path.join(work, 'fixtures', 'minimal', 'dns_pass.yaml'),
    '# keep this comment\napiVersion: canaries.flanksource.com/v1\nkind: Canary\nmetadata:\n  name: dns\n  namespace: default\n',
  );
  writeFileSync(path.join(work, 'fixtures', 'topology', 'single-check.yaml'), 'kind: Topology\n');
  writeFileSync(path.join(work, 'values.json'), '{"replicas": 1, "image": {"tag": "v1"}}\n');
  git(work, 'add', '--all');
  git(work, '-c', 'user.name=seed', '-c', 'user.email=seed@x', 'commit', '--quiet', '-m', 'seed');
  git(work, 'push', '--quiet', 'origin', 'HEAD:refs/heads/master');
  h = await playbookHarness();
  admin = await h.person('gitops-admin');
  github = await startFakeApi();
  github.answer = (request) =>
    request.url.endsWith('/pulls')
      ? { status: 201, body: { number: 7, html_url: 'https://github.example/acme/deploy/pull/7' } }
      : { status: 200, body: [{ name: 'abc' }] };
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
  rmSync(scratch, { recursive: true, force: true });
});

async function runToEnd(name: string, spec: string, params: Record<string, string> = {}) {
  const id = await h.playbook(name, spec);
  const { run_id } = await h.runs.run(admin, { id, params });
  const status = await h.waitFor(run_id, ['completed', 'failed']);
  return { status, actions: await h.actions(run_id) };
}

describe('gitops action', () => {
  it('clones, patches (yq, jq), writes and deletes files, commits, pushes a branch, opens a PR', async () => {
    const { status, actions } = await runToEnd(
      'gitops-upstream',
      `
parameters: [{name: namespace, default: payments}]
actions:
  - name: Modify repo
    gitops:
      repo:
        url: ${bare}
        connection: connection://default/gh
        base: master
        branch: playbooks-branch-{{.params.namespace}}
      commit:
        email: ops@example.test
        author: Ops Person
        message: |
          Testing commit message from playbooks {{.params.namespace}}
      pr:
        title: New PR for namespace {{.params.namespace}}
        tags: [abc, efg]
      patches:
        - path: fixtures/minimal/dns_pass.yaml
          yq: '.metadata.namespace = "{{.params.namespace}}"'
        - path: values.json
          jq: '.replicas = 3 | .image.tag = "v2"'
      files:
        - path: fixtures/topology/single-check.yaml
          content: $delete
        - path: '{{.params.namespace}}-ns.yaml'
          content: |
            apiVersion: v1
            kind: Namespace
            metadata:
              name: {{.params.namespace}}
`,
    );
    expect(actions[0]?.error ?? null).toBeNull();
    expect(status).toBe('completed');
    const branch = 'playbooks-branch-payments';
    expect(git(bare, 'log', '-1', '--format=%s%n%an <%ae>', branch)).toBe(
      'Testing commit message from playbooks payments\nOps Person <ops@example.test>\n',
    );
    expect(git(bare, 'show', `${branch}:fixtures/minimal/dns_pass.yaml`)).toBe(
      '# keep this comment\napiVersion: canaries.flanksource.com/v1\nkind: Canary\nmetadata:\n  name: dns\n  namespace: payments\n',
    );
    expect(JSON.parse(git(bare, 'show', `${branch}:values.json`))).toEqual({
      replicas: 3,
      image: { tag: 'v2' },
    });
    expect(git(bare, 'show', `${branch}:payments-ns.yaml`)).toContain('name: payments');
    expect(git(bare, 'ls-tree', '-r', '--name-only', branch)).not.toContain('single-check.yaml');
    expect(git(bare, 'log', '-1', '--format=%s', 'master')).toBe('seed\n');
    const [pull, labels] = github.requests.slice(-2);
    expect(`${pull?.method} ${pull?.url}`).toBe('POST /repos/acme/deploy/pulls');
    expect(pull?.authorization).toBe(`Bearer ${token}`);
    expect(JSON.parse(pull?.body ?? '')).toEqual({
      title: 'New PR for namespace payments',
      head: branch,
      base: 'master',
    });
    expect(`${labels?.method} ${labels?.url}`).toBe('POST /repos/acme/deploy/issues/7/labels');
    expect(JSON.parse(labels?.body ?? '')).toEqual({ labels: ['abc', 'efg'] });
    const result = actions[0]?.result ?? {};
    expect(result.pr).toEqual({
      number: 7,
      title: 'New PR for namespace payments',
      link: 'https://github.example/acme/deploy/pull/7',
    });
    expect(result.commit).toBe(git(bare, 'rev-parse', branch).trim());
    expect(JSON.stringify(actions)).not.toContain(token);
  });

  it('pushes to the base branch itself when no branch is given, without a PR', async () => {
    const before = github.requests.length;
    const { status } = await runToEnd(
      'gitops-direct',
      `
actions:
  - name: bump
    gitops:
      repo: {url: ${bare}, base: master}
      commit: {author: Bot, email: bot@example.test, message: bump replicas}
      pr: {title: ignored when branch is base}
      files: [{path: notes/README.md, content: "hello\\n"}]
`,
    );
    expect(status).toBe('completed');
    expect(git(bare, 'log', '-1', '--format=%s|%an', 'master')).toBe('bump replicas|Bot\n');
    expect(git(bare, 'show', 'master:notes/README.md')).toBe('hello\n');
    expect(github.requests.length).toBe(before);
  });

  it('refuses a path outside the repository and an unsupported patch, pushing nothing', async () => {
    const head = git(bare, 'rev-parse', 'master');
    const escape = await runToEnd(
      'gitops-escape',
      `
actions:
  - name: escape
    gitops:
      repo: {url: ${bare}, base: master}
      commit: {message: evil}
      files: [{path: ../../outside.txt, content: x}]
`,
    );
    expect(escape.status).toBe('failed');
    expect(escape.actions[0]?.error).toBe('gitops: path ../../outside.txt leaves the repository');
    const patch = await runToEnd(
      'gitops-bad-patch',
      `
actions:
  - name: patch
    gitops:
      repo: {url: ${bare}, base: master}
      commit: {message: nope}
      patches: [{path: values.json, jq: '.replicas += 1'}]
`,
    );
    expect(patch.status).toBe('failed');
    expect(patch.actions[0]?.error).toBe(
      'gitops: jq on values.json: unsupported expression: .replicas += 1',
    );
    expect(git(bare, 'rev-parse', 'master')).toBe(head);
  });

  it("never sends a connection's token to a git host other than the connection's", async () => {
    const before = github.requests.length;
    const { status, actions } = await runToEnd(
      'gitops-foreign-host',
      `
actions:
  - name: push
    gitops:
      repo: {url: 'http://127.0.0.2:9/acme/deploy.git', connection: connection://default/gh}
      commit: {message: x}
      files: [{path: a.txt, content: x}]
`,
    );
    expect(status).toBe('failed');
    expect(actions[0]?.error).toContain(
      'http://127.0.0.2:9/acme/deploy.git is not a git host of connection://default/gh',
    );
    expect(github.requests.length).toBe(before);
  });

  it('pushes over smart HTTP with the token in the auth header only, and opens the PR there', async () => {
    const host = await startFakeGitHttp(scratch, token, (call) =>
      call.url.endsWith('/pulls')
        ? { status: 201, body: { number: 9, html_url: 'http://pr/9' } }
        : { status: 404, body: {} },
    );
    try {
      await h.db.pool.query(
        `insert into connections (name, namespace, type, url, password, properties)
         values ('gh-host', 'default', 'github', $1, $2, '{}')`,
        [host.url, token],
      );
      const { status, actions } = await runToEnd(
        'gitops-http',
        `
actions:
  - name: push
    gitops:
      repo: {url: '${host.url}/git/acme/deploy.git', connection: connection://default/gh-host, base: master, branch: over-http}
      commit: {author: Http Bot, email: http@example.test, message: over http}
      pr: {title: Over HTTP}
      files: [{path: http.txt, content: "pushed over http\\n"}]
`,
      );
      expect(actions[0]?.error ?? null).toBeNull();
      expect(status).toBe('completed');
      expect(git(bare, 'show', 'over-http:http.txt')).toBe('pushed over http\n');
      const gitCalls = host.calls.filter((call) => call.url.startsWith('/git/'));
      expect(gitCalls.some((call) => call.url.includes('git-receive-pack'))).toBe(true);
      const basic = `Basic ${Buffer.from(`x-access-token:${token}`).toString('base64')}`;
      expect(gitCalls.every((call) => call.authorization === basic)).toBe(true);
      const pull = host.calls.find((call) => call.url === '/repos/acme/deploy/pulls');
      expect(pull?.authorization).toBe(`Bearer ${token}`);
      expect(JSON.stringify(actions)).not.toContain(token);
    } finally {
      await host.close();
    }
  });
});

import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { at, canariesPath, useKubeApp } from './helpers.ts';

const kube = useKubeApp();
const main = path.join(import.meta.dirname, '../../src/main.ts');
let dir = '';
let token = '';

interface Finished {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** `vigil apply …` as a child process, as an operator runs it. */
function vigilApply(args: readonly string[], env: NodeJS.ProcessEnv = {}, stdin?: string) {
  return new Promise<Finished>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', main, 'apply', ...args], {
      env: { ...process.env, VIGIL_TOKEN: '', ...env },
      timeout: 60_000,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin ?? '');
  });
}

const canaryYaml = (
  name: string,
  url: string,
  namespace?: string,
) => `apiVersion: canaries.flanksource.com/v1
kind: Canary
metadata:
  name: ${name}
${namespace ? `  namespace: ${namespace}\n` : ''}spec:
  interval: 60
  http:
    - name: homepage
      url: ${url}
`;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'vigil-apply-'));
  token = (await kube.person(['editor'])).token;
});

afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

describe('vigil apply', () => {
  it('creates every canary in a directory of multi-document files', async () => {
    const folder = path.join(dir, 'canaries');
    await fs.mkdir(folder);
    await fs.writeFile(
      path.join(folder, 'a.yaml'),
      `${canaryYaml('one', 'https://one.example.com', 'prod')}---\n${canaryYaml('two', 'https://two.example.com')}`,
    );
    await fs.writeFile(path.join(folder, 'notes.txt'), 'not a manifest');
    const result = await vigilApply([
      '-f',
      folder,
      '--server',
      kube.app().baseUrl,
      '--token',
      token,
    ]);
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe(
      'canary.canaries.flanksource.com/one created\ncanary.canaries.flanksource.com/two created\n',
    );
    expect(result.code).toBe(0);
    const two = await kube.request(canariesPath('default', 'two'), { token });
    expect(at(two.json, 'spec', 'http', 0, 'url')).toBe('https://two.example.com');
  }, 60_000);

  it('reads stdin, reports unchanged and configured, and takes VIGIL_TOKEN', async () => {
    const input = `${canaryYaml('one', 'https://one.example.com', 'prod')}---\n${canaryYaml('two', 'https://changed.example.com')}`;
    const result = await vigilApply(
      ['-f', '-', '--server', `${kube.app().baseUrl}/api/kubernetes`],
      { VIGIL_TOKEN: token },
      input,
    );
    expect(result.stdout).toBe(
      'canary.canaries.flanksource.com/one unchanged\ncanary.canaries.flanksource.com/two configured\n',
    );
    expect(result.code).toBe(0);
    const checks = await kube.query<{ endpoint: string }>(
      `select c.endpoint from checks c join canaries k on k.id = c.canary_id
       where k.name = 'two' and c.deleted_at is null and k.deleted_at is null`,
    );
    expect(checks).toEqual([{ endpoint: 'https://changed.example.com' }]);
  }, 60_000);

  it('exits non-zero with the server message when a spec is refused', async () => {
    const file = path.join(dir, 'broken.yaml');
    await fs.writeFile(file, canaryYaml('broken', '42').replace('url: 42', 'url: [1]'));
    const result = await vigilApply(['-f', file, '--server', kube.app().baseUrl, '--token', token]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Error from server (BadRequest)');
    expect(result.stderr).toContain('spec.http[0].url');
    expect(result.stderr).toContain('vigil: 1 of 1 objects were not applied');
  }, 60_000);

  it('applies the canaries of a folder and reports each other kind by kind and name', async () => {
    const folder = path.join(dir, 'mixed');
    await fs.mkdir(folder);
    await fs.writeFile(
      path.join(folder, 'a.yaml'),
      `${canaryYaml('three', 'https://three.example.com')}---\napiVersion: v1\nkind: Pod\nmetadata:\n  name: web\n`,
    );
    await fs.writeFile(
      path.join(folder, 'b.yaml'),
      `apiVersion: kustomize.config.k8s.io/v1beta1\nkind: Kustomization\nresources: [a.yaml]\n---\njust: data\n---\n${canaryYaml('four', 'https://four.example.com')}`,
    );
    const result = await vigilApply([
      '-f',
      folder,
      '--server',
      kube.app().baseUrl,
      '--token',
      token,
    ]);
    expect(result.stdout).toBe(
      'canary.canaries.flanksource.com/three created\ncanary.canaries.flanksource.com/four created\n',
    );
    const a = path.join(folder, 'a.yaml');
    const b = path.join(folder, 'b.yaml');
    expect(result.stderr).toBe(
      [
        `skipped "${a}": Pod/web (v1) is not a kind this server serves`,
        `skipped "${b}": Kustomization (kustomize.config.k8s.io/v1beta1) is not a kind this server serves`,
        `skipped "${b}": a document without apiVersion and kind`,
        '2 applied, 3 skipped',
        '',
      ].join('\n'),
    );
    expect(result.code).toBe(0);
    expect((await kube.request(canariesPath('default', 'four'), { token })).status).toBe(200);
  }, 60_000);

  it('exits 1 only for a served document that failed, still applying the rest', async () => {
    const file = path.join(dir, 'some-broken.yaml');
    await fs.writeFile(
      file,
      [
        canaryYaml('five', 'https://five.example.com'),
        'apiVersion: v1\nkind: Pod\nmetadata:\n  name: web\n',
        canaryYaml('six', '42').replace('url: 42', 'url: [1]'),
        'apiVersion: canaries.flanksource.com/v1\nkind: Canary\nmetadata: {}\nspec: {}\n',
      ].join('---\n'),
    );
    const result = await vigilApply(['-f', file, '--server', kube.app().baseUrl, '--token', token]);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('canary.canaries.flanksource.com/five created\n');
    expect(result.stderr).toContain(
      `skipped "${file}": Pod/web (v1) is not a kind this server serves`,
    );
    expect(result.stderr).toContain(
      `error: "${file}" (canary.canaries.flanksource.com): metadata.name is required`,
    );
    expect(result.stderr).toContain('Error from server (BadRequest)');
    expect(result.stderr).toContain('vigil: 2 of 3 objects were not applied; 1 skipped');
    expect((await kube.request(canariesPath('default', 'five'), { token })).status).toBe(200);
  }, 60_000);

  it('refuses a missing token', async () => {
    const anonymous = await vigilApply([
      '-f',
      path.join(dir, 'broken.yaml'),
      '--server',
      kube.app().baseUrl,
    ]);
    expect(anonymous.code).toBe(1);
    expect(anonymous.stderr).toContain('(Unauthorized)');
    expect(anonymous.stderr).toContain('VIGIL_TOKEN');
  }, 60_000);
});

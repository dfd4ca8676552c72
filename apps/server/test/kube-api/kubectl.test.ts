import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { buildKubeconfig } from '../../src/modules/kube-api/kubeconfig.ts';
import { newBrowser } from '../identity/browser.ts';
import { registerAdmin } from '../identity/flow-helpers.ts';
import { at, useKubeApp } from './helpers.ts';
import { startTlsProxy, type TlsProxy } from './tls-proxy.ts';

const kube = useKubeApp();
let dir = '';
let proxy: TlsProxy | undefined;

interface Result {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** The real kubectl (whichever is on PATH), with its own kubeconfig and discovery cache. */
function kubectl(kubeconfig: string, args: readonly string[], stdin?: string): Promise<Result> {
  return new Promise((resolve) => {
    const child = execFile(
      'kubectl',
      ['--kubeconfig', kubeconfig, '--cache-dir', path.join(dir, 'cache'), ...args],
      { env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: dir }, timeout: 30_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
    if (stdin !== undefined) child.stdin?.end(stdin);
  });
}

const manifest = (url: string) => `apiVersion: canaries.flanksource.com/v1
kind: Canary
metadata:
  name: web
  namespace: prod
  labels:
    team: sre
spec:
  schedule: "@every 30s"
  http:
    - name: homepage
      url: ${url}
`;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'vigil-kubectl-'));
});

afterAll(async () => {
  await proxy?.close();
  await fs.rm(dir, { recursive: true, force: true });
});

describe('kubectl against Vigil', () => {
  let config = '';

  it('downloads a kubeconfig for the signed-in user', async () => {
    const browser = newBrowser(kube.app().baseUrl);
    await registerAdmin(browser);
    const response = await browser.get('/api/kubeconfig');
    expect(response.status).toBe(200);
    config = path.join(dir, 'admin.kubeconfig');
    await fs.writeFile(config, String(response.data));
  });

  it('lists no canaries yet, then creates one with apply', async () => {
    const empty = await kubectl(config, ['get', 'canaries', '-A']);
    expect(empty).toMatchObject({ code: 0, stdout: '' });
    expect(empty.stderr).toContain('No resources found');
    const file = path.join(dir, 'web.yaml');
    await fs.writeFile(file, manifest('https://example.com'));
    const created = await kubectl(config, ['apply', '-f', file]);
    expect(created.stderr).toBe('');
    expect(created).toMatchObject({
      code: 0,
      stdout: 'canary.canaries.flanksource.com/web created\n',
    });
  });

  it('applies the same file as unchanged and an edited one as configured', async () => {
    const file = path.join(dir, 'web.yaml');
    const same = await kubectl(config, ['apply', '-f', file]);
    expect(same.stdout).toBe('canary.canaries.flanksource.com/web unchanged\n');
    await fs.writeFile(file, manifest('https://example.org'));
    const edited = await kubectl(config, ['apply', '-f', file]);
    expect(edited).toMatchObject({
      code: 0,
      stdout: 'canary.canaries.flanksource.com/web configured\n',
    });
    const checks = await kube.query<{ endpoint: string }>(
      `select endpoint from checks where deleted_at is null and name = 'homepage'`,
    );
    expect(checks).toEqual([{ endpoint: 'https://example.org' }]);
  });

  it('prints the table across namespaces and the object as YAML', async () => {
    const table = await kubectl(config, ['get', 'canaries', '-A']);
    expect(table.code).toBe(0);
    const [header, row] = table.stdout.trim().split('\n');
    expect(header?.split(/\s+/)).toEqual([
      'NAMESPACE',
      'NAME',
      'SCHEDULE',
      'CHECKS',
      'STATUS',
      'AGE',
    ]);
    expect(row?.split(/\s+/).slice(0, 6)).toEqual(['prod', 'web', '@every', '30s', '1', 'Pending']);
    const yaml = await kubectl(config, ['get', 'canary', 'web', '-n', 'prod', '-o', 'yaml']);
    expect(yaml.code).toBe(0);
    const object: unknown = parse(yaml.stdout);
    expect(at(object, 'kind')).toBe('Canary');
    expect(at(object, 'metadata', 'labels')).toEqual({ team: 'sre' });
    expect(at(object, 'spec', 'http', 0, 'url')).toBe('https://example.org');
    expect(
      String(
        at(object, 'metadata', 'annotations', 'kubectl.kubernetes.io/last-applied-configuration'),
      ),
    ).toContain('https://example.org');
  });

  it('shows the server message when a spec is refused', async () => {
    const broken = manifest('https://example.com').replace(/ {6}url: .*\n/, '');
    const refused = await kubectl(config, ['apply', '-f', '-'], broken);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain('Error from server (BadRequest)');
    expect(refused.stderr).toContain('spec.http[0].url');
  });

  it('refuses a viewer apply with Forbidden but lets the viewer read', async () => {
    const viewer = await kube.person(['viewer']);
    const viewerConfig = path.join(dir, 'viewer.kubeconfig');
    await fs.writeFile(
      viewerConfig,
      buildKubeconfig({
        server: `${kube.app().baseUrl}/api/kubernetes`,
        token: viewer.token,
        namespace: 'default',
      }),
    );
    const read = await kubectl(viewerConfig, ['get', 'canary', 'web', '-n', 'prod', '-o', 'name']);
    expect(read.stdout).toBe('canary.canaries.flanksource.com/web\n');
    const edit = manifest('https://viewer.example.com');
    const refused = await kubectl(viewerConfig, ['apply', '-f', '-'], edit);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain('Error from server (Forbidden)');
  });

  it('deletes the canary', async () => {
    const deleted = await kubectl(config, ['delete', 'canary', 'web', '-n', 'prod']);
    expect(deleted).toMatchObject({
      code: 0,
      stdout: 'canary.canaries.flanksource.com "web" deleted\n',
    });
    const gone = await kubectl(config, ['get', 'canary', 'web', '-n', 'prod']);
    expect(gone.code).not.toBe(0);
    expect(gone.stderr).toContain('NotFound');
  });

  it('tells a caller with a bad token to log in', async () => {
    const forged = path.join(dir, 'forged.kubeconfig');
    await fs.writeFile(
      forged,
      buildKubeconfig({
        server: `${kube.app().baseUrl}/api/kubernetes`,
        token: 'vgt_forged',
        namespace: 'default',
      }),
    );
    const refused = await kubectl(forged, ['get', 'canaries', '-A']);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain('You must be logged in to the server');
  });

  it('sends the token from the user entry over https (behind a TLS proxy)', async () => {
    const port = Number(new URL(kube.app().baseUrl).port);
    proxy = await startTlsProxy(port, dir);
    const editor = await kube.person(['editor']);
    const tlsConfig = path.join(dir, 'tls.kubeconfig');
    await fs.writeFile(
      tlsConfig,
      buildKubeconfig({
        server: `${proxy.url}/api/kubernetes`,
        token: editor.token,
        namespace: 'default',
      }),
    );
    expect(await fs.readFile(tlsConfig, 'utf8')).not.toContain('insecure');
    const ca = ['--certificate-authority', proxy.caFile];
    const created = await kubectl(
      tlsConfig,
      [...ca, 'apply', '-f', '-'],
      manifest('https://tls.example.com'),
    );
    expect(created.stderr).toBe('');
    expect(created.stdout).toBe('canary.canaries.flanksource.com/web created\n');
    const listed = await kubectl(tlsConfig, [...ca, 'get', 'canaries', '-n', 'prod', '-o', 'name']);
    expect(listed.stdout).toBe('canary.canaries.flanksource.com/web\n');
  });
});

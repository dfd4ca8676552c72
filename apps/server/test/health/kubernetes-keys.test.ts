import fs from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckConfigError } from '../../src/modules/health/check-types/check-type.ts';
import {
  createKubernetesKeyReader,
  inClusterApi,
  type KubernetesApi,
} from '../../src/platform/values/kubernetes-keys.ts';
import { createValueResolver } from '../../src/platform/values/values.ts';
import { selfSignedCertificate } from './check-types/tls-fixture.ts';

/** A stand-in Kubernetes API server over TLS, answering the two reads the resolver makes. */
const objects: Record<string, { status: number; body: unknown }> = {
  '/api/v1/namespaces/vigil/secrets/db-creds': {
    status: 200,
    body: { kind: 'Secret', data: { password: Buffer.from('s3cret\n').toString('base64') } },
  },
  '/api/v1/namespaces/vigil/configmaps/settings': {
    status: 200,
    body: {
      kind: 'ConfigMap',
      data: { url: 'http://example.test' },
      binaryData: { blob: Buffer.from('bytes').toString('base64') },
    },
  },
  '/api/v1/namespaces/vigil/secrets/locked': {
    status: 403,
    body: { kind: 'Status', message: 'secrets "locked" is forbidden' },
  },
};

let server: https.Server;
let mount: string;
let env: NodeJS.ProcessEnv;
const seen: Array<{ path: string; authorization: string | undefined }> = [];

beforeAll(async () => {
  const { key, cert } = selfSignedCertificate(1);
  mount = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-sa-'));
  fs.writeFileSync(path.join(mount, 'token'), 'token-one\n');
  fs.writeFileSync(path.join(mount, 'ca.crt'), cert);
  fs.writeFileSync(path.join(mount, 'namespace'), 'vigil');
  server = https.createServer({ key, cert }, (request, response) => {
    seen.push({ path: request.url ?? '', authorization: request.headers.authorization });
    const found = objects[request.url ?? ''] ?? {
      status: 404,
      body: { kind: 'Status', message: 'not found' },
    };
    response.writeHead(found.status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(found.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address: string | AddressInfo | null = server.address();
  if (address === null || typeof address === 'string') throw new Error('no TCP address');
  const { port } = address;
  env = { KUBERNETES_SERVICE_HOST: '127.0.0.1', KUBERNETES_SERVICE_PORT: String(port) };
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(mount, { recursive: true, force: true });
});

function api(): KubernetesApi {
  const found = inClusterApi(env, mount);
  if (!found) throw new Error('expected an in-cluster API');
  return found;
}

describe('Secret and ConfigMap keys from the Kubernetes API', () => {
  it('finds the API only inside a pod', () => {
    expect(inClusterApi({}, mount)).toBeUndefined();
    expect(inClusterApi(env, path.join(mount, 'missing'))).toBeUndefined();
    expect(api().url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    expect(api().namespace).toBe('vigil');
  });

  it('resolves secret and config map keys in the pod namespace with the service account token', async () => {
    const values = createValueResolver(undefined, createKubernetesKeyReader(api()));
    const secret = { valueFrom: { secretKeyRef: { name: 'db-creds', key: 'password' } } };
    expect(await values(secret)).toBe('s3cret');
    expect(await values({ valueFrom: { configMapKeyRef: { name: 'settings', key: 'url' } } })).toBe(
      'http://example.test',
    );
    expect(
      await values({ valueFrom: { configMapKeyRef: { name: 'settings', key: 'blob' } } }),
    ).toBe('bytes');
    expect(seen.at(-1)?.authorization).toBe('Bearer token-one');
  });

  it('keeps an object for its time to live and reads a rotated token', async () => {
    const reader = createKubernetesKeyReader(api(), 60_000);
    const before = seen.length;
    await reader('secret', 'db-creds', 'password');
    await reader('secret', 'db-creds', 'password');
    expect(seen.length - before).toBe(1);
    fs.writeFileSync(path.join(mount, 'token'), 'token-two\n');
    await createKubernetesKeyReader(api(), 0)('secret', 'db-creds', 'password');
    expect(seen.at(-1)?.authorization).toBe('Bearer token-two');
  });

  it('reports a missing object or key, and a refusal, as a configuration error', async () => {
    const reader = createKubernetesKeyReader(api());
    await expect(reader('secret', 'nothing', 'x')).rejects.toThrow(
      new CheckConfigError('secret nothing was not found in namespace vigil'),
    );
    await expect(reader('secret', 'db-creds', 'user')).rejects.toThrow(
      new CheckConfigError('secret db-creds/user was not found'),
    );
    await expect(reader('secret', 'locked', 'x')).rejects.toThrow(
      'secret locked cannot be read from Kubernetes (HTTP 403): secrets "locked" is forbidden',
    );
  });
});

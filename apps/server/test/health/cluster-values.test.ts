import fs from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClusterValues } from '../../src/platform/values/cluster-values.ts';
import { decodeHelmRelease, valueAtPath } from '../../src/platform/values/helm-release.ts';
import { inClusterApi, type KubernetesApi } from '../../src/platform/values/kubernetes-keys.ts';
import { createValueResolver } from '../../src/platform/values/values.ts';
import { selfSignedCertificate } from './check-types/tls-fixture.ts';

/** A Helm release Secret's `data.release`, encoded as Helm 3 and the API server do. */
function releaseSecretData(release: unknown): string {
  const helmText = gzipSync(Buffer.from(JSON.stringify(release))).toString('base64');
  return Buffer.from(helmText).toString('base64');
}

const podinfo = (host: string) => ({
  name: 'podinfo',
  version: 2,
  config: { ingress: { enabled: true, hosts: [{ host }] } },
  chart: { values: { replicaCount: 1, ingress: { enabled: false, className: 'nginx' } } },
});

describe('Helm release secrets', () => {
  it('decodes base64, base64 and gzip to the values, user values over chart defaults', () => {
    const values = decodeHelmRelease(releaseSecretData(podinfo('podinfo.example')));
    expect(valueAtPath(values, '.ingress.hosts[0].host')).toBe('podinfo.example');
    expect(valueAtPath(values, '.ingress.className')).toBe('nginx');
    expect(valueAtPath(values, '.ingress.enabled')).toBe('true');
    expect(valueAtPath(values, '.replicaCount')).toBe('1');
    expect(valueAtPath(values, '.ingress.hosts[3].host')).toBeUndefined();
  });

  it('refuses a secret that is not a Helm release', () => {
    expect(() => decodeHelmRelease(Buffer.from('not a release').toString('base64'))).toThrow(
      'the Helm release secret does not hold a Helm release',
    );
  });
});

describe('valueFrom.serviceAccount and valueFrom.helmRef', () => {
  it('fail the run with a message naming the field outside a cluster', async () => {
    const resolve = createValueResolver(undefined);
    await expect(resolve({ valueFrom: { serviceAccount: 'default-account' } })).rejects.toThrow(
      'valueFrom.serviceAccount default-account cannot be read: Vigil is not running in a Kubernetes cluster',
    );
    await expect(
      resolve({ valueFrom: { helmRef: { name: 'podinfo', key: '.ingress.hosts[0].host' } } }),
    ).rejects.toThrow(
      'valueFrom.helmRef podinfo cannot be read: Vigil is not running in a Kubernetes cluster',
    );
  });

  describe('in a cluster', () => {
    let server: https.Server;
    let mount: string;
    let api: KubernetesApi;
    const seen: Array<{ method: string; path: string; body: string }> = [];

    beforeAll(async () => {
      const { key, cert } = selfSignedCertificate(1);
      mount = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-sa-'));
      fs.writeFileSync(path.join(mount, 'token'), 'pod-token\n');
      fs.writeFileSync(path.join(mount, 'ca.crt'), cert);
      fs.writeFileSync(path.join(mount, 'namespace'), 'vigil');
      server = https.createServer({ key, cert }, (request, response) => {
        let body = '';
        request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
        request.on('end', () => {
          const url = request.url ?? '';
          seen.push({ method: request.method ?? '', path: url, body });
          const answer =
            url === '/api/v1/namespaces/vigil/serviceaccounts/default-account/token'
              ? { status: 201, body: { status: { token: 'sa-jwt' } } }
              : url.startsWith('/api/v1/namespaces/vigil/secrets?labelSelector=')
                ? {
                    status: 200,
                    body: {
                      items: [
                        {
                          metadata: { name: 'sh.helm.release.v1.podinfo.v2' },
                          data: { release: releaseSecretData(podinfo('new.example')) },
                        },
                        {
                          metadata: { name: 'sh.helm.release.v1.podinfo.v10' },
                          data: { release: releaseSecretData(podinfo('newest.example')) },
                        },
                      ],
                    },
                  }
                : { status: 404, body: { message: 'not found' } };
          response.writeHead(answer.status, { 'content-type': 'application/json' });
          response.end(JSON.stringify(answer.body));
        });
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const address: string | AddressInfo | null = server.address();
      if (address === null || typeof address === 'string') throw new Error('no TCP address');
      const env = {
        KUBERNETES_SERVICE_HOST: '127.0.0.1',
        KUBERNETES_SERVICE_PORT: String(address.port),
      };
      const found = inClusterApi(env, mount);
      if (!found) throw new Error('no in-cluster API');
      api = found;
    });

    afterAll(async () => {
      await new Promise((resolve) => server.close(resolve));
      fs.rmSync(mount, { recursive: true, force: true });
    });

    it('asks the TokenRequest API for a service account token', async () => {
      const resolve = createValueResolver(undefined, undefined, createClusterValues(api));
      await expect(resolve({ valueFrom: { serviceAccount: 'default-account' } })).resolves.toBe(
        'sa-jwt',
      );
      const request = seen.find((s) => s.path.endsWith('/token'));
      expect(request?.method).toBe('POST');
      expect(JSON.parse(request?.body ?? '{}')).toMatchObject({ kind: 'TokenRequest' });
      await expect(resolve({ valueFrom: { serviceAccount: 'missing' } })).rejects.toThrow(
        'a TokenRequest for service account missing failed (HTTP 404): not found',
      );
    });

    it("reads a key of the Helm release's newest revision", async () => {
      const resolve = createValueResolver(undefined, undefined, createClusterValues(api));
      await expect(
        resolve({ valueFrom: { helmRef: { name: 'podinfo', key: '.ingress.hosts[0].host' } } }),
      ).resolves.toBe('newest.example');
      expect(seen.map((s) => s.path)).toContain(
        `/api/v1/namespaces/vigil/secrets?labelSelector=${encodeURIComponent('owner=helm,name=podinfo')}`,
      );
      await expect(
        resolve({ valueFrom: { helmRef: { name: 'podinfo', key: '.nope' } } }),
      ).rejects.toThrow('Helm release podinfo has no value at .nope');
    });
  });
});

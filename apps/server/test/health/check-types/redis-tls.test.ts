import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCanarySpec } from '../../../src/modules/health/canaries/canary-spec.ts';
import { runCheck } from './check-context.ts';
import { privatePki, tlsProxy, type Pki } from './mtls-fixture.ts';

let pki: Pki;
let oneWay: Awaited<ReturnType<typeof tlsProxy>>;
let mutual: Awaited<ReturnType<typeof tlsProxy>>;
let secretsDir = '';

beforeAll(async () => {
  pki = privatePki();
  const redis = { host: '127.0.0.1', port: 6379 };
  oneWay = await tlsProxy(pki, redis, false);
  mutual = await tlsProxy(pki, redis, true);
  // Laid out as Kubernetes mounts the secrets of the redis-mtls fixture.
  secretsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-secrets-'));
  const put = (name: string, key: string, value: string) => {
    fs.mkdirSync(path.join(secretsDir, name), { recursive: true });
    fs.writeFileSync(path.join(secretsDir, name, key), value);
  };
  put('redis-tls-ca', 'ca.crt', pki.ca);
  put('redis-tls-client', 'client.crt', pki.clientCert);
  put('redis-tls-client', 'client.key', pki.clientKey);
});

afterAll(async () => {
  await Promise.all([oneWay.close(), mutual.close()]);
  fs.rmSync(secretsDir, { recursive: true, force: true });
});

const secret = (name: string, key: string) => ({ valueFrom: { secretKeyRef: { name, key } } });

describe('redis check tlsConfig', () => {
  it('speaks TLS with enable (redis-tls fixture) and verifies the server', async () => {
    const untrusted = await runCheck('redis', {
      url: `127.0.0.1:${oneWay.port}`,
      tlsConfig: { enable: true },
    });
    expect(untrusted.pass).toBe(false);
    expect(untrusted.error).toMatch(
      /self-signed certificate in certificate chain|unable to verify/,
    );
    const insecure = await runCheck('redis', {
      url: `127.0.0.1:${oneWay.port}`,
      tlsConfig: { insecureSkipVerify: true },
    });
    expect(insecure.pass).toBe(true);
  });

  it('presents a client certificate from secrets (redis-mtls fixture)', async () => {
    const check = {
      url: `localhost:${mutual.port}`,
      tlsConfig: {
        ca: secret('redis-tls-ca', 'ca.crt'),
        cert: secret('redis-tls-client', 'client.crt'),
        key: secret('redis-tls-client', 'client.key'),
      },
    };
    const outcome = await runCheck('redis', check, { secretsDir });
    expect([outcome.pass, outcome.error]).toEqual([true, undefined]);
    const withoutCert = await runCheck(
      'redis',
      { url: check.url, tlsConfig: { ca: check.tlsConfig.ca } },
      { secretsDir },
    );
    expect(withoutCert.pass).toBe(false);
  });

  it('refuses a cert without its key and an unknown field, naming them', () => {
    const at = (tlsConfig: unknown) =>
      parseCanarySpec({ redis: [{ name: 'x', url: '127.0.0.1:6379', tlsConfig }] });
    expect(at({ cert: 'pem' })).toEqual({
      ok: false,
      field: 'spec.redis[0].tlsConfig.cert',
      message: 'needs both cert and key for a client certificate',
    });
    expect(at({ enabled: true })).toEqual({
      ok: false,
      field: 'spec.redis[0].tlsConfig.enabled',
      message: 'is not a known field',
    });
  });
});

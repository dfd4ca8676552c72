import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCanarySpec } from '../../../src/modules/health/canaries/canary-spec.ts';
import { startPrometheus } from '../fixtures/prometheus.ts';
import { runCheck } from './check-context.ts';
import { privatePki, tlsProxy, type Pki } from './mtls-fixture.ts';

let prometheus: Awaited<ReturnType<typeof startPrometheus>>;
let pki: Pki;
let mutual: Awaited<ReturnType<typeof tlsProxy>>;

beforeAll(async () => {
  prometheus = await startPrometheus();
  pki = privatePki();
  mutual = await tlsProxy(
    pki,
    { host: '127.0.0.1', port: Number(new URL(prometheus.url).port) },
    true,
  );
});

afterAll(async () => {
  await mutual?.close();
  await prometheus?.stop();
});

describe('prometheus check tls (the prometheus_mtls fixture)', () => {
  it('queries over mutual TLS with the CA, client certificate and key', async () => {
    const outcome = await runCheck('prometheus', {
      url: `https://localhost:${mutual.port}`,
      query: 'up{job="self"}',
      tls: {
        ca: { value: pki.ca },
        cert: { value: pki.clientCert },
        key: { value: pki.clientKey },
      },
    });
    expect([outcome.pass, outcome.error, outcome.data.value]).toEqual([true, undefined, 1]);
  });

  it('fails without the client certificate or without the CA', async () => {
    const url = `https://localhost:${mutual.port}`;
    const noCert = await runCheck('prometheus', {
      url,
      query: 'up',
      tls: { ca: { value: pki.ca } },
    });
    expect(noCert.pass).toBe(false);
    const noCa = await runCheck('prometheus', {
      url,
      query: 'up',
      tls: { cert: { value: pki.clientCert }, key: { value: pki.clientKey } },
    });
    expect(noCa.error).toMatch(/^prometheus query failed: .*certificate/);
  });

  it('refuses a key without its certificate, naming the field', () => {
    const result = parseCanarySpec({
      prometheus: [{ name: 'x', url: 'https://p', query: 'up', tls: { key: 'pem' } }],
    });
    expect(result).toEqual({
      ok: false,
      field: 'spec.prometheus[0].tls.cert',
      message: 'needs both cert and key for a client certificate',
    });
  });
});

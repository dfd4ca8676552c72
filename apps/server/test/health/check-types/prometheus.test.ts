import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPrometheus } from '../fixtures/prometheus.ts';
import { findFreePort } from '../../../src/platform/ports.ts';
import { connection, runCheck } from './check-context.ts';

let prometheus: Awaited<ReturnType<typeof startPrometheus>>;

beforeAll(async () => {
  prometheus = await startPrometheus();
});

afterAll(async () => {
  await prometheus?.stop();
});

describe('prometheus check', () => {
  it('passes and exposes results, value and firstResult like canary-checker', async () => {
    const outcome = await runCheck('prometheus', { url: prometheus.url, query: 'up{job="self"}' });
    expect(outcome.error).toBeUndefined();
    expect(outcome.pass).toBe(true);
    expect(outcome.message).toMatch(/^1 series in \d+ms$/);
    expect(outcome.data.results).toEqual([
      {
        __name__: 'up',
        job: 'self',
        instance: prometheus.url.replace('http://', ''),
        value: 1,
      },
    ]);
    expect(outcome.data.value).toBe(1);
    expect(outcome.data.firstResult).toMatchObject({ job: 'self', value: 1 });
  });

  it('takes the url from a connection and reads scalars and empty answers', async () => {
    const connections = {
      'connection://default/prom': connection({ type: 'prometheus', url: `${prometheus.url}/` }),
    };
    const scalar = await runCheck(
      'prometheus',
      { connection: 'connection://default/prom', query: 'scalar(vector(42))' },
      { connections },
    );
    expect(scalar.data).toMatchObject({ value: 42, results: [{ value: 42 }] });
    const empty = await runCheck('prometheus', { host: prometheus.url, query: 'up{job="none"}' });
    expect(empty.pass).toBe(true);
    expect(empty.data).toEqual({ value: 0, firstResult: {}, results: [] });
  });

  it('reports a PromQL syntax error as an invalid check with Prometheus’s message', async () => {
    const outcome = await runCheck('prometheus', { url: prometheus.url, query: 'sum(up' });
    expect(outcome.pass).toBe(false);
    expect(outcome.invalid).toBe(true);
    expect(outcome.error).toMatch(/^bad_data: .*parse error/);
  });

  it('fails with the reason when the server is down', async () => {
    const port = await findFreePort();
    const outcome = await runCheck('prometheus', { url: `http://127.0.0.1:${port}`, query: 'up' });
    expect(outcome.pass).toBe(false);
    expect(outcome.invalid).toBeUndefined();
    expect(outcome.error).toMatch(/^prometheus query failed: .*ECONNREFUSED/);
  });

  it('refuses a spec without a query or a url', async () => {
    await expect(runCheck('prometheus', { url: prometheus.url })).rejects.toThrow(/query/);
    await expect(runCheck('prometheus', { query: 'up' })).rejects.toThrow(/url/);
  });
});

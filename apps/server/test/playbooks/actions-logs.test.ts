import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startFakeApi, type FakeApi } from '../logs/fake-log-apis.ts';
import { playbookHarness, type PlaybookHarness } from './harness.ts';

let h: PlaybookHarness;
let admin: Awaited<ReturnType<PlaybookHarness['person']>>;
let loki: FakeApi;
let search: FakeApi;
const now = Date.now();
const ns = (ago: number) => String(BigInt(now - ago) * 1_000_000n);
const iso = (ago: number) => new Date(now - ago).toISOString();
const linesOf = (result: Record<string, unknown> | null | undefined) =>
  z.array(z.record(z.string(), z.unknown())).parse(result?.logs ?? []);

beforeAll(async () => {
  h = await playbookHarness();
  admin = await h.person('logs-admin');
  loki = await startFakeApi();
  loki.answer = () => ({
    status: 200,
    body: {
      status: 'success',
      data: {
        result: [
          {
            stream: { namespace: 'shop', severity: 'error', service: 'payment' },
            values: [
              [ns(1000), 'card declined'],
              [ns(2000), 'card declined'],
              [ns(3000), 'timeout calling bank'],
            ],
          },
          {
            stream: { namespace: 'shop', severity: 'info', service: 'payment' },
            values: [[ns(1500), 'healthy']],
          },
        ],
      },
    },
  });
  search = await startFakeApi();
  search.answer = () => ({
    status: 200,
    body: {
      hits: {
        hits: [
          { _source: { '@timestamp': iso(500), message: 'GET /orders 500', app: 'web' } },
          { _source: { '@timestamp': iso(900), message: 'GET /cart 200', app: 'web' } },
        ],
      },
    },
  });
  h.engine.start();
});
afterAll(async () => {
  await h.close();
  await loki.close();
  await search.close();
});

async function runToEnd(name: string, spec: string, params: Record<string, string> = {}) {
  const id = await h.playbook(name, spec);
  const { run_id } = await h.runs.run(admin, { id, params });
  const status = await h.waitFor(run_id, ['completed', 'failed']);
  return { status, actions: await h.actions(run_id) };
}

describe('logs action', () => {
  it('queries Loki with the LogQL, credentials, window and limit, then match and dedupe', async () => {
    const { status, actions } = await runToEnd(
      'logs-loki',
      `
parameters: [{name: limit, default: "50"}, {name: pw, type: secret}]
actions:
  - name: fetch
    logs:
      loki:
        url: ${loki.url}
        username: {value: tenant-1}
        password: {value: '{{.params.pw}}'}
        query: |
          {namespace="shop"}
        limit: $(.params.limit)
        start: now-2h
        match:
          - severity != "info" && severity != "unknown"
          - labels.service == 'nothing'
        dedupe: {window: 1h, fields: [message]}
`,
      { pw: 'loki-secret-pw' },
    );
    expect(status).toBe('completed');
    const sent = loki.requests.at(-1);
    const url = new URL(sent?.url ?? '', loki.url);
    expect(url.pathname).toBe('/loki/api/v1/query_range');
    expect(url.searchParams.get('query')).toBe('{namespace="shop"}');
    expect(url.searchParams.get('limit')).toBe('50');
    const start = Number(BigInt(url.searchParams.get('start') ?? '0') / 1_000_000n);
    expect(Math.abs(start - (now - 7_200_000))).toBeLessThan(60_000);
    expect(sent?.authorization).toBe(
      `Basic ${Buffer.from('tenant-1:loki-secret-pw').toString('base64')}`,
    );
    const logs = linesOf(actions[0]?.result);
    expect(logs.map((line) => [line.message, line.count])).toEqual([
      ['card declined', 2],
      ['timeout calling bank', 1],
    ]);
    expect(logs[0]?.firstObserved).toBe(iso(2000));
    expect(logs[0]?.labels).toMatchObject({ service: 'payment' });
    expect(JSON.stringify(actions)).not.toContain('loki-secret-pw');
  });

  it('queries OpenSearch with the term filters of the query as written upstream', async () => {
    const { status, actions } = await runToEnd(
      'logs-opensearch',
      `
actions:
  - name: fetch
    logs:
      opensearch:
        address: ${search.url}
        index: k8s-logs
        limit: '10'
        query: |
          {"query": {"bool": {"filter": [
            {"term": {"kubernetes.namespace": "shop"}},
            {"term": {"kubernetes.labels.app": "web"}}]}}}
`,
    );
    expect(status).toBe('completed');
    const sent = search.requests.at(-1);
    expect(`${sent?.method} ${sent?.url}`).toBe('POST /k8s-logs/_search');
    const body = z
      .object({ size: z.number(), query: z.unknown() })
      .parse(JSON.parse(sent?.body ?? '{}'));
    expect(body.size).toBe(10);
    expect(JSON.stringify(body.query)).toContain('{"term":{"kubernetes.namespace":"shop"}}');
    expect(JSON.stringify(body.query)).toContain('{"term":{"kubernetes.labels.app":"web"}}');
    const logs = linesOf(actions[0]?.result);
    expect(logs.map((line) => line.message)).toEqual(['GET /orders 500', 'GET /cart 200']);
  });

  it('fails clearly for a backend the logs area lacks and for a refused query', async () => {
    const cloudwatch = await runToEnd(
      'logs-cloudwatch',
      `
actions:
  - name: fetch
    logs: {cloudwatch: {logGroup: app, query: 'fields @message', start: now-24h}}
`,
    );
    expect(cloudwatch.status).toBe('failed');
    expect(cloudwatch.actions[0]?.error).toBe(
      "logs: cloudwatch is not supported by this server's logs area",
    );
    const aggregation = await runToEnd(
      'logs-opensearch-range',
      `
actions:
  - name: fetch
    logs:
      opensearch:
        address: ${search.url}
        index: k8s-logs
        query: '{"query": {"bool": {"filter": [{"range": {"x": {"gte": 1}}}]}}}'
`,
    );
    expect(aggregation.status).toBe('failed');
    expect(aggregation.actions[0]?.error).toBe('logs: opensearch range on x is not supported here');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAlertmanager, type Alertmanager } from '../fixtures/alertmanager.ts';
import { findFreePort } from '../../../src/platform/ports.ts';
import { connection, runCheck } from './check-context.ts';

let alertmanager: Alertmanager;

beforeAll(async () => {
  alertmanager = await startAlertmanager();
  await alertmanager.post([
    {
      labels: {
        alertname: 'KubePodCrashLooping',
        namespace: 'shop',
        pod: 'cart-7d9f',
        container: 'cart',
        job: 'kube-state-metrics',
        severity: 'warning',
      },
      annotations: { description: 'cart restarts', summary: 'crash loop' },
    },
    {
      labels: { alertname: 'KubeSchedulerDown', severity: 'critical' },
      annotations: { summary: 'scheduler gone' },
    },
    {
      labels: { alertname: 'Watchdog', severity: 'none', namespace: 'monitoring' },
      annotations: { message: 'always firing' },
    },
    {
      labels: { alertname: 'NodeDiskFull', node: 'worker-1', severity: 'critical', team: 'a"b' },
    },
  ]);
});

afterAll(async () => {
  await alertmanager?.stop();
});

async function alertNames(check: Record<string, unknown>): Promise<string[]> {
  const outcome = await runCheck('alertmanager', { url: alertmanager.url, ...check });
  expect(outcome.error).toBeUndefined();
  const data: unknown = outcome.data.alerts;
  if (!Array.isArray(data)) throw new Error('no alerts list');
  return data.map((alert: { name: string }) => alert.name).sort();
}

describe('alertmanager check', () => {
  it('lists every alert in canary-checker’s shape, under alerts and results.alerts', async () => {
    const outcome = await runCheck('alertmanager', { url: alertmanager.url });
    expect(outcome.pass).toBe(true);
    expect(outcome.message).toBe('4 alerts');
    expect(outcome.data.results).toEqual({ alerts: outcome.data.alerts });
    const data: unknown = outcome.data.alerts;
    if (!Array.isArray(data)) throw new Error('no alerts list');
    const crash: unknown = data.find((a: { labels: { alertname: string } }) =>
      a.labels.alertname.startsWith('KubePod'),
    );
    expect(crash).toMatchObject({
      name: 'KubePodCrashLooping/shop/cart-7d9f/cart',
      message: 'cart restarts',
      labels: { namespace: 'shop', severity: 'warning' },
      annotations: { summary: 'crash loop' },
      fingerprint: expect.stringMatching(/^[0-9a-f]{16}$/),
      startsAt: expect.any(String),
      endsAt: expect.any(String),
      receivers: ['null'],
      status: { state: expect.any(String), silencedBy: [], inhibitedBy: [] },
    });
  });

  it('names alerts from namespace, node and workload, and picks the message annotation', async () => {
    expect(await alertNames({})).toEqual([
      'KubePodCrashLooping/shop/cart-7d9f/cart',
      'KubeSchedulerDown',
      'NodeDiskFull/worker-1',
      'Watchdog/monitoring',
    ]);
  });

  it('keeps the alerts named in `alerts` (regular expressions, any of them)', async () => {
    expect(await alertNames({ alerts: ['Kube.*'] })).toEqual([
      'KubePodCrashLooping/shop/cart-7d9f/cart',
      'KubeSchedulerDown',
    ]);
    expect(await alertNames({ alerts: ['Watchdog', 'Node.*'] })).toEqual([
      'NodeDiskFull/worker-1',
      'Watchdog/monitoring',
    ]);
  });

  it('drops ignored names and applies label filters and exclude_filters', async () => {
    expect(await alertNames({ alerts: ['.*'], ignore: ['KubeScheduler.*', 'Watchdog'] })).toEqual([
      'KubePodCrashLooping/shop/cart-7d9f/cart',
      'NodeDiskFull/worker-1',
    ]);
    expect(await alertNames({ filters: { severity: 'crit.*' } })).toEqual([
      'KubeSchedulerDown',
      'NodeDiskFull/worker-1',
    ]);
    expect(await alertNames({ exclude_filters: { severity: 'critical' } })).toEqual([
      'KubePodCrashLooping/shop/cart-7d9f/cart',
      'Watchdog/monitoring',
    ]);
    expect(await alertNames({ filters: { team: 'a"b' } })).toEqual(['NodeDiskFull/worker-1']);
  });

  it('reads the url from a connection', async () => {
    const connections = {
      'connection://default/am': connection({ type: 'alertmanager', url: alertmanager.url }),
    };
    const outcome = await runCheck(
      'alertmanager',
      { connection: 'connection://default/am', alerts: ['Watchdog'] },
      { connections },
    );
    expect(outcome.message).toBe('1 alert');
  });

  it('marks a filter Alertmanager cannot parse as invalid', async () => {
    const outcome = await runCheck('alertmanager', {
      url: alertmanager.url,
      alerts: ['(unclosed'],
    });
    expect(outcome.pass).toBe(false);
    expect(outcome.invalid).toBe(true);
    expect(outcome.error).toMatch(/^alertmanager refused the filters/);
  });

  it('fails with the reason when the server is down', async () => {
    const port = await findFreePort();
    const outcome = await runCheck('alertmanager', { url: `127.0.0.1:${port}` });
    expect(outcome.pass).toBe(false);
    expect(outcome.error).toMatch(/^error fetching from alertmanager: .*ECONNREFUSED/);
  });
});

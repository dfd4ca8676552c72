import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeKubeCluster, type FakeKubeCluster } from '../catalog/fake-kube-api.ts';
import type { FakePodRun } from '../catalog/fake-kube-pods.ts';
import { playbookHarness, type PlaybookHarness } from './harness.ts';

let h: PlaybookHarness;
let admin: Awaited<ReturnType<PlaybookHarness['person']>>;
let kube: FakeKubeCluster;

/** The fake runs a container's args as its log; `exit 1` in them fails the pod. */
function runPod(pod: Record<string, unknown>): FakePodRun {
  const text = JSON.stringify(pod);
  return {
    phase: text.includes('exit 1') ? 'Failed' : 'Succeeded',
    log: `${'x'.repeat(50)}\nPING postgres: 2 packets transmitted, 2 received\n`,
  };
}

beforeAll(async () => {
  h = await playbookHarness();
  admin = await h.person('pod-admin');
  kube = await startFakeKubeCluster({}, { pods: runPod });
  await h.db.pool.query(
    `insert into connections (name, namespace, type, certificate, properties)
     values ('cluster', 'default', 'kubernetes', $1, '{}')`,
    [kube.kubeconfig()],
  );
  h.engine.start();
});
afterAll(async () => {
  await h.close();
  await kube.close();
});

async function runToEnd(name: string, spec: string, params: Record<string, string> = {}) {
  const id = await h.playbook(name, spec);
  const { run_id } = await h.runs.run(admin, { id, params });
  const status = await h.waitFor(run_id, ['completed', 'failed']);
  return { id, runId: run_id, status, actions: await h.actions(run_id) };
}

const podSpec = (args: string, extra = '') => `
parameters: [{name: host, default: postgres}]
actions:
  - name: ping
    ${extra}
    pod:
      name: test-pod
      connection: connection://default/cluster
      maxLength: 60
      spec:
        containers:
          - name: my-alpine-container
            image: ubuntu:jammy
            command: ['/bin/sh']
            args: ['-c', '${args}']
`;

describe('pod action', () => {
  it('creates the templated pod, waits for it, keeps the tail of its logs, deletes it', async () => {
    const before = kube.calls.length;
    const run = await runToEnd('pod-ping', podSpec('ping -c 2 {{.params.host}}'));
    expect(run.status).toBe('completed');
    const name = `test-pod-${run.runId}`;
    const calls = kube.calls.slice(before).map((c) => `${c.method} ${c.path.split('?')[0]}`);
    expect(calls[0]).toBe('POST /api/v1/namespaces/default/pods');
    expect(calls).toContain(`GET /api/v1/namespaces/default/pods/${name}/log`);
    expect(calls.at(-1)).toBe(`DELETE /api/v1/namespaces/default/pods/${name}`);
    expect(calls.filter((c) => c === `GET /api/v1/namespaces/default/pods/${name}`).length).toBe(3);
    const created = kube.calls[before]?.body;
    expect(created).toMatchObject({
      metadata: {
        name,
        namespace: 'default',
        labels: {
          'playbooks.mission-control.flanksource.com/pod-action': 'true',
          'playbooks.mission-control.flanksource.com/playbookRunID': run.runId,
          'playbooks.mission-control.flanksource.com/playbookID': run.id,
        },
      },
      spec: {
        restartPolicy: 'Never',
        containers: [{ name: 'my-alpine-container', args: ['-c', 'ping -c 2 postgres'] }],
      },
    });
    const result = run.actions[0]?.result ?? {};
    expect(result.phase).toBe('Succeeded');
    const full = `${'x'.repeat(50)}\nPING postgres: 2 packets transmitted, 2 received\n`;
    expect(result.logs).toBe(full.slice(-60));
    expect(String(result.logs)).toHaveLength(60);
  });

  it('fails when the pod fails, keeping its logs, and still deletes it', async () => {
    const before = kube.calls.length;
    const run = await runToEnd('pod-fails', podSpec('exit 1'));
    expect(run.status).toBe('failed');
    expect(run.actions[0]?.error).toBe(`pod: test-pod-${run.runId} failed`);
    expect(run.actions[0]?.result?.logs).toContain('2 received');
    const last = kube.calls.at(-1);
    expect(kube.calls.length).toBeGreaterThan(before);
    expect(`${last?.method} ${last?.path}`).toContain(`DELETE /api/v1/namespaces/default/pods/`);
  });

  it('deletes the pod when the action times out before the pod finishes', async () => {
    const run = await runToEnd('pod-timeout', podSpec('sleep 1', 'timeout: 300ms'));
    expect(run.actions[0]?.status).toBe('timed_out');
    expect(run.actions[0]?.error).toBe('action timed out after 300ms');
    const deletes = kube.calls.filter(
      (c) => c.method === 'DELETE' && c.path.includes(`test-pod-${run.runId}`),
    );
    expect(deletes).toHaveLength(1);
  });

  it('refuses a cluster it cannot reach with the reason', async () => {
    await h.db.pool.query(
      `insert into connections (name, namespace, type, certificate, properties)
       values ('empty', 'default', 'kubernetes', null, '{}')`,
    );
    const run = await runToEnd('pod-no-kubeconfig', podSpec('true').replace('/cluster', '/empty'));
    expect(run.status).toBe('failed');
    expect(run.actions[0]?.error).toContain('connection://default/empty holds no kubeconfig');
  });
});

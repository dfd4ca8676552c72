import { describe, expect, it } from 'vitest';
import { run } from './test-eval.ts';

const running = {
  kind: 'Pod',
  metadata: { namespace: 'kube-system', labels: { app: 'kube-dns', 'pod-template-hash': 'x' } },
  status: {
    phase: 'Running',
    conditions: [{ type: 'Ready', status: 'True' }],
    containerStatuses: [{ name: 'main', ready: true }],
  },
};
const crashing = {
  kind: 'Pod',
  status: {
    phase: 'Running',
    containerStatuses: [
      { name: 'main', ready: false, state: { waiting: { reason: 'CrashLoopBackOff' } } },
    ],
  },
};

describe('k8s', () => {
  it.each([
    ['k8s.cpuAsMillicores("10m")', 10],
    ['k8s.cpuAsMillicores("0.5")', 500],
    ['k8s.cpuAsMillicores("1.234")', 1234],
    ['k8s.memoryAsBytes("10Ki")', 10240],
    ['k8s.memoryAsBytes("1.234Gi")', 1324997410],
    ['k8s.memoryAsBytes("lots")', 0],
    ['k8s.isHealthy(ok)', true],
    ['k8s.is_healthy(ok)', true],
    ['k8s.getHealth(ok).health', 'healthy'],
    ['k8s.getHealth(ok).ok', true],
    ['k8s.isHealthy(bad)', false],
    ['[ok, bad].all(i, k8s.isHealthy(i))', false],
    ['k8s.labels(ok)', { namespace: 'kube-system', app: 'kube-dns' }],
    ['k8s.isHealthy(text)', true],
  ])('%s is %j', (source, expected) => {
    const text = JSON.stringify(running);
    expect(run(source, { ok: running, bad: crashing, text })).toEqual(expected);
  });

  it('answers unknown health for what is not a resource, and refuses wrong types', () => {
    expect(run('k8s.getHealth(x).health', { x: null })).toBe('unknown');
    expect(() => run('k8s.cpuAsMillicores(x)', { x: 1 })).toThrow(/no matching overload/);
  });
});

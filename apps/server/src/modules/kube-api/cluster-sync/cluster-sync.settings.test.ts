import { describe, expect, it } from 'vitest';
import { clusterSyncSettingsFrom, serviceAccountToken } from './cluster-sync.settings.ts';

const inPod = { KUBERNETES_SERVICE_HOST: '10.0.0.1', KUBERNETES_SERVICE_PORT: '443' };
const tokenPresent = (path: string) => path === serviceAccountToken;

describe('when the cluster sync runs', () => {
  it('is off without a cluster', () => {
    expect(clusterSyncSettingsFrom({ VIGIL_CRD_SYNC: true }, tokenPresent)).toBeUndefined();
    // A service host without a mounted token is not a pod Vigil can act as.
    expect(clusterSyncSettingsFrom({ VIGIL_CRD_SYNC: true, ...inPod }, () => false)).toBe(
      undefined,
    );
  });

  it('uses the pod service account, or a kubeconfig given, which wins', () => {
    expect(clusterSyncSettingsFrom({ VIGIL_CRD_SYNC: true, ...inPod }, tokenPresent)).toEqual({
      cluster: { kind: 'in-cluster' },
    });
    expect(
      clusterSyncSettingsFrom(
        { VIGIL_CRD_SYNC: true, VIGIL_CRD_KUBECONFIG: '/etc/vigil/kubeconfig', ...inPod },
        tokenPresent,
      ),
    ).toEqual({ cluster: { kind: 'kubeconfig', path: '/etc/vigil/kubeconfig' } });
  });

  it('is off when switched off, even in a pod', () => {
    expect(
      clusterSyncSettingsFrom(
        { VIGIL_CRD_SYNC: false, VIGIL_CRD_KUBECONFIG: '/k', ...inPod },
        tokenPresent,
      ),
    ).toBeUndefined();
  });
});

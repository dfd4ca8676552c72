import { existsSync } from 'node:fs';

/** Where the service account of a pod keeps its token (the in-cluster credentials). */
export const serviceAccountToken = '/var/run/secrets/kubernetes.io/serviceaccount/token';

/** How Vigil reaches the cluster whose custom resources it reconciles. */
export type ClusterSource =
  | { readonly kind: 'in-cluster' }
  | { readonly kind: 'kubeconfig'; readonly path: string }
  /** A kubeconfig's YAML, given by tests and embedders rather than read from a file. */
  | { readonly kind: 'inline'; readonly yaml: string };

export interface ClusterSyncSettings {
  readonly cluster: ClusterSource;
  /** How long a replica waits before trying again for leadership (default 5 s). */
  readonly leaderPollMs?: number;
  /** The first wait after a failed list or watch; it doubles up to maxBackoffMs. */
  readonly retryMs?: number;
  readonly maxBackoffMs?: number;
  /** A full re-list that also retries refused objects (default every 10 minutes). */
  readonly resyncMs?: number;
}

export interface ClusterSyncEnv {
  readonly VIGIL_CRD_SYNC: boolean;
  readonly VIGIL_CRD_KUBECONFIG?: string | undefined;
  readonly KUBERNETES_SERVICE_HOST?: string | undefined;
  readonly KUBERNETES_SERVICE_PORT?: string | undefined;
}

/**
 * Sync runs when Vigil is given a cluster: a kubeconfig path, or a pod's service account. It
 * is off otherwise, and when VIGIL_CRD_SYNC is off.
 */
export function clusterSyncSettingsFrom(
  env: ClusterSyncEnv,
  hasToken: (path: string) => boolean = existsSync,
): ClusterSyncSettings | undefined {
  if (!env.VIGIL_CRD_SYNC) return undefined;
  if (env.VIGIL_CRD_KUBECONFIG) {
    return { cluster: { kind: 'kubeconfig', path: env.VIGIL_CRD_KUBECONFIG } };
  }
  const inPod =
    Boolean(env.KUBERNETES_SERVICE_HOST) &&
    Boolean(env.KUBERNETES_SERVICE_PORT) &&
    hasToken(serviceAccountToken);
  return inPod ? { cluster: { kind: 'in-cluster' } } : undefined;
}

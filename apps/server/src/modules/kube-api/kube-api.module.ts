import type { DataApiService } from '../../data-api/data-api.module.ts';
import { defineModule } from '../../platform/module.ts';
import type { AccessTokenService } from '../identity/identity.module.ts';
import {
  createClusterSyncWorker,
  type ClusterSyncDeps,
} from './cluster-sync/cluster-sync.worker.ts';
export {
  clusterSyncSettingsFrom,
  type ClusterSyncSettings,
} from './cluster-sync/cluster-sync.settings.ts';
import { kubeApiRoutes } from './kube-api.routes.ts';
import { createKubeApiService } from './kube-api.service.ts';
import { createKubeconfigService } from './kubeconfig.ts';
import { kubeconfigRoutes } from './kubeconfig.routes.ts';

/**
 * The Kubernetes-style API (/api/kubernetes), the kubeconfig download (/api/kubeconfig) and,
 * when Vigil is given a cluster, the sync of its custom resources.
 */
export function createKubeApiModule(
  dataApi: DataApiService,
  tokens: AccessTokenService,
  publicUrl?: string,
  clusterSync?: Omit<ClusterSyncDeps, 'dataApi'>,
) {
  return defineModule({
    name: 'kube-api',
    routes: [
      kubeApiRoutes(createKubeApiService(dataApi)),
      kubeconfigRoutes(createKubeconfigService(tokens), publicUrl),
    ],
    workers: clusterSync ? [createClusterSyncWorker({ ...clusterSync, dataApi })] : [],
  });
}

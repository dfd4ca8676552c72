import type { DataApiService } from '../../data-api/data-api.module.ts';
import { defineModule } from '../../platform/module.ts';
import type { AccessTokenService } from '../identity/identity.module.ts';
import { kubeApiRoutes } from './kube-api.routes.ts';
import { createKubeApiService } from './kube-api.service.ts';
import { createKubeconfigService } from './kubeconfig.ts';
import { kubeconfigRoutes } from './kubeconfig.routes.ts';

/** The Kubernetes-style API (/api/kubernetes) and the kubeconfig download (/api/kubeconfig). */
export function createKubeApiModule(
  dataApi: DataApiService,
  tokens: AccessTokenService,
  publicUrl?: string,
) {
  return defineModule({
    name: 'kube-api',
    routes: [
      kubeApiRoutes(createKubeApiService(dataApi)),
      kubeconfigRoutes(createKubeconfigService(tokens), publicUrl),
    ],
  });
}

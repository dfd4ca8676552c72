import type { FastifyInstance } from 'fastify';
import type { DataApiService } from '../../data-api/data-api.module.ts';
import type { AccessTokenService } from '../identity/access-tokens/access-tokens.service.ts';
import { kubeApiRoutes } from './kube-api.routes.ts';
import { createKubeApiService } from './kube-api.service.ts';
import { createKubeconfigService } from './kubeconfig.ts';
import { kubeconfigRoutes } from './kubeconfig.routes.ts';

/** The Kubernetes-style API (/api/kubernetes) and the kubeconfig download (/api/kubeconfig). */
export function kubeApi(dataApi: DataApiService, tokens: AccessTokenService, publicUrl?: string) {
  const api = kubeApiRoutes(createKubeApiService(dataApi));
  const kubeconfig = kubeconfigRoutes(createKubeconfigService(tokens), publicUrl);
  return async (app: FastifyInstance): Promise<void> => {
    await api(app);
    await kubeconfig(app);
  };
}

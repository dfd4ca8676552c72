import { refusalResponses } from '@vigil/domain';
import { z } from 'zod';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../../platform/errors.ts';
import { kubeApiPrefix } from './kube-api.paths.ts';
import type { KubeconfigService } from './kubeconfig.ts';

/**
 * GET /api/kubeconfig: a kubeconfig for the signed-in user, pointing at the Kubernetes-style
 * API of the URL the request came to (or publicUrl, behind a proxy).
 */
export function kubeconfigRoutes(service: KubeconfigService, publicUrl?: string) {
  return async (app: FastifyInstance): Promise<void> => {
    app.get(
      '/kubeconfig',
      {
        schema: {
          tags: ['identity'],
          summary: 'Download a kubeconfig with a new access token for the signed-in user',
          produces: ['application/yaml'],
          response: {
            200: z.string().describe('the kubeconfig, as YAML'),
            ...refusalResponses,
          },
        },
      },
      async (request, reply) => {
        // A token must not mint more tokens: that would let it outlive its own expiry.
        if (/^Bearer\s/i.test(request.headers.authorization ?? '')) {
          throw new ApiError(403, 'forbidden', 'Sign in to the console to download a kubeconfig.');
        }
        const server = `${publicUrl?.replace(/\/+$/, '') ?? origin(request)}/api${kubeApiPrefix}`;
        const yaml = await service.issue(request.actor, server);
        return reply
          .header('content-type', 'application/yaml; charset=utf-8')
          .header('content-disposition', 'attachment; filename="vigil-kubeconfig.yaml"')
          .header('cache-control', 'no-store')
          .send(yaml);
      },
    );
  };
}

function origin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

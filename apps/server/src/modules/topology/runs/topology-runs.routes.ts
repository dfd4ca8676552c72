import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { conflict, notFound } from '../../../platform/errors.ts';
import { authorise } from '../../../platform/http/authorise.ts';
import { runTopology, type TopologyRunDeps } from './topology-run.service.ts';

const runAnswer = z.object({
  status: z.enum(['SUCCESS', 'WARNING', 'FAILED']),
  job_id: z.string(),
  components: z.number(),
  deleted: z.number(),
  errors: z.array(z.string()),
});

/** POST /api/topology/{id}/run: build the topology now, as the schedule would. */
export function topologyRunRoutes(deps: TopologyRunDeps) {
  return async (fastify: FastifyInstance): Promise<void> => {
    fastify.withTypeProvider<ZodTypeProvider>().post(
      '/topology/:id/run',
      {
        schema: {
          tags: ['topology'],
          summary: 'Build a topology now; answers its job-history outcome',
          params: z.object({ id: z.guid({ error: 'id must be a uuid' }) }),
          response: { 200: runAnswer },
        },
      },
      async (request) => {
        authorise(request.actor, 'topologies', 'write');
        const outcome = await runTopology(deps, request.params.id);
        if (outcome.status === 'NOT_FOUND') {
          throw notFound(`topology ${request.params.id} was not found`);
        }
        if (outcome.status === 'RUNNING') throw conflict('this topology is already running');
        return {
          status: outcome.status,
          job_id: outcome.jobId,
          components: outcome.components,
          deleted: outcome.deleted,
          errors: outcome.errors,
        };
      },
    );
  };
}

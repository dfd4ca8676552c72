import { apiErrorSchema } from '@vigil/domain';
import type { FastifyInstance } from 'fastify';
import {
  actionPollAnswerSchema,
  actionPollQuery,
  actionProgressAnswerSchema,
  actionProgressSchema,
  actionResultAnswerSchema,
  actionResultSchema,
  agentActionIdParams as idParams,
} from './agent-action.schema.ts';
import type { AgentActionsService } from './agent-actions.service.ts';

/** The service parses after authorising, so a caller without a token gets 401 whatever it sends. */
const parsedByService = () => (data: unknown) => ({ value: data });
const refusals = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };
const tags = ['agents'];

/**
 * /api/agent/playbook-action (upstream's `GET /upstream/playbook-action`): an agent takes the
 * actions placed on it by `runsOn`, reports their progress and their result.
 */
export function agentActionRoutes(service: AgentActionsService) {
  return async (app: FastifyInstance): Promise<void> => {
    // A held long-poll ends (no action) when the server closes, instead of holding shutdown.
    const closing = new AbortController();
    app.addHook('preClose', async () => closing.abort());
    app.get(
      '/agent/playbook-action',
      {
        schema: {
          tags,
          summary: 'The next playbook action placed on the agent (long-poll with timeout)',
          querystring: actionPollQuery,
          response: { 200: actionPollAnswerSchema, ...refusals },
        },
        validatorCompiler: parsedByService,
      },
      async (request, reply) => {
        const gone = new AbortController();
        reply.raw.once('close', () => gone.abort());
        const signal = AbortSignal.any([gone.signal, closing.signal]);
        return { action: await service.poll(request.actor, request.query, signal) };
      },
    );
    app.post(
      '/agent/playbook-action/:id/progress',
      {
        schema: {
          tags,
          summary: "An agent's running action: output so far; renews its lease",
          params: idParams,
          body: actionProgressSchema,
          response: { 200: actionProgressAnswerSchema, ...refusals, 409: apiErrorSchema },
        },
        validatorCompiler: parsedByService,
      },
      async (request) => service.progress(request.actor, request.params, request.body),
    );
    app.post(
      '/agent/playbook-action/:id/result',
      {
        schema: {
          tags,
          summary: "An agent's action finished (or handed back): recorded in its run",
          params: idParams,
          body: actionResultSchema,
          response: { 200: actionResultAnswerSchema, ...refusals, 409: apiErrorSchema },
        },
        validatorCompiler: parsedByService,
      },
      async (request) => service.result(request.actor, request.params, request.body),
    );
  };
}

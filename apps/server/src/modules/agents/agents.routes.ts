import {
  agentCreateSchema,
  agentCreatedSchema,
  apiErrorSchema,
  refusalResponses,
} from '@vigil/domain';
import type { FastifyInstance } from 'fastify';
import type { AgentAuth } from './agent-auth.ts';
import { heartbeatAnswerSchema, heartbeatSchema, type AgentsService } from './agents.service.ts';
import { assignedCanariesSchema } from './assigned-canaries.repository.ts';
import { pollQuery, type AssignedCanariesService } from './assigned-canaries.service.ts';
import { pushAnswerSchema, pushBatchSchema } from './push.schema.ts';
import type { createPushService } from './push.service.ts';

/** The services parse after authorising, so a caller without a token gets 401 whatever it sends. */
const parsedByService = () => (data: unknown) => ({ value: data });
const agentRefusals = { 400: apiErrorSchema, 401: apiErrorSchema, 413: apiErrorSchema };

export interface AgentsRouteDeps {
  readonly auth: AgentAuth;
  readonly agents: AgentsService;
  readonly push: ReturnType<typeof createPushService>;
  readonly assigned: AssignedCanariesService;
}

/**
 * /api/agent: creating an agent (a signed-in user with write on agents), and the calls an
 * agent makes with its bearer token: push, heartbeat and its assigned canaries.
 */
export function agentsRoutes(deps: AgentsRouteDeps) {
  return async (app: FastifyInstance): Promise<void> => {
    // Held long-polls end (304) when the server closes, instead of holding shutdown open.
    const closing = new AbortController();
    app.addHook('preClose', async () => closing.abort());

    app.post(
      '/agent/generate',
      {
        schema: {
          tags: ['agents'],
          summary: 'Create an agent and its access token (answered once)',
          body: agentCreateSchema,
          response: { 201: agentCreatedSchema, ...refusalResponses, 409: apiErrorSchema },
        },
        validatorCompiler: parsedByService,
      },
      async (request, reply) =>
        reply.code(201).send(await deps.agents.generate(request.actor, request.body)),
    );
    app.post(
      '/agent/push',
      {
        schema: {
          tags: ['agents'],
          summary: "An agent's batch of canaries, checks, statuses and catalog rows",
          body: pushBatchSchema,
          response: { 200: pushAnswerSchema, ...agentRefusals },
        },
        validatorCompiler: parsedByService,
      },
      async (request) => deps.push.push(deps.auth.principal(request), request.body),
    );
    app.post(
      '/agent/heartbeat',
      {
        schema: {
          tags: ['agents'],
          summary: 'The agent is alive; answers its settings',
          body: heartbeatSchema,
          response: { 200: heartbeatAnswerSchema, ...agentRefusals },
        },
        validatorCompiler: parsedByService,
      },
      async (request) => deps.agents.heartbeat(deps.auth.principal(request), request.body),
    );
    app.get(
      '/agent/canaries',
      {
        schema: {
          tags: ['agents'],
          summary: 'Canaries assigned to the agent (long-poll with since and timeout)',
          querystring: pollQuery,
          response: { 200: assignedCanariesSchema, ...agentRefusals },
        },
        validatorCompiler: parsedByService,
      },
      async (request, reply) => {
        const agent = deps.auth.principal(request);
        const gone = new AbortController();
        reply.raw.once('close', () => gone.abort());
        const signal = AbortSignal.any([gone.signal, closing.signal]);
        const found = await deps.assigned.poll(agent, request.query, signal);
        if (found === undefined) return reply.code(304).send();
        return found;
      },
    );
  };
}

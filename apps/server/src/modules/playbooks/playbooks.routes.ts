import {
  apiErrorSchema,
  playbookApprovalBodySchema,
  playbookListQuerySchema,
  playbookListResponseSchema,
  playbookParamsRequestSchema,
  playbookParamsResponseSchema,
  playbookRunActionSchema,
  playbookRunDetailSchema,
  playbookRunIdParamsSchema,
  playbookRunRequestSchema,
  playbookRunResponseSchema,
  playbookRunsQuerySchema,
  playbookRunsResponseSchema,
  playbookRunStatusSchema,
  refusalResponses,
} from '@vigil/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PlaybooksService } from './playbooks.service.ts';
import type { RunsService } from './runs/runs.service.ts';
import { runLogs } from './runs/run-logs.ts';
import { playbookSpecJsonSchema } from './spec/playbook-schema.ts';

const tags = ['playbooks'];
const missing = { 404: apiErrorSchema };
const statusAnswer = z.object({ status: playbookRunStatusSchema });
const idParams = z.object({ id: z.string().uuid('must be a UUID') });

/** /api/playbook: the run dialog, runs, approvals and the spec's schema. */
export function playbookRoutes(playbooks: PlaybooksService, runs: RunsService) {
  const schema = playbookSpecJsonSchema();
  return async (fastify: FastifyInstance): Promise<void> => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/schemas/playbook-spec.schema.json',
      { schema: { tags, summary: 'JSON schema of a playbook spec' } },
      async () => schema,
    );
    app.get(
      '/playbook/list',
      {
        schema: {
          tags,
          summary: 'Playbooks that apply to a config, component or check',
          querystring: playbookListQuerySchema,
          response: { 200: playbookListResponseSchema, ...refusalResponses, ...missing },
        },
      },
      async (request) => playbooks.listFor(request.actor, request.query),
    );
    app.post(
      '/playbook/:id/params',
      {
        schema: {
          tags,
          summary: 'Parameters with defaults evaluated against a resource',
          params: idParams,
          body: playbookParamsRequestSchema.optional(),
          response: { 200: playbookParamsResponseSchema, ...refusalResponses, ...missing },
        },
      },
      async (request) => playbooks.params(request.actor, request.params.id, request.body),
    );
    app.post(
      '/playbook/run',
      {
        schema: {
          tags,
          summary: 'Run a playbook',
          body: playbookRunRequestSchema,
          response: { 201: playbookRunResponseSchema, ...refusalResponses, ...missing },
        },
      },
      async (request, reply) => reply.code(201).send(await runs.run(request.actor, request.body)),
    );
    app.get(
      '/playbook/runs',
      {
        schema: {
          tags,
          summary: 'Playbook runs, newest first',
          querystring: playbookRunsQuerySchema,
          response: { 200: playbookRunsResponseSchema, ...refusalResponses },
        },
      },
      async (request) => runs.list(request.actor, request.query),
    );
    app.get(
      '/playbook/run/:id',
      {
        schema: {
          tags,
          summary: 'A run with its actions and approvals',
          params: playbookRunIdParamsSchema,
          response: { 200: playbookRunDetailSchema, ...refusalResponses, ...missing },
        },
      },
      async (request) => runs.get(request.actor, request.params.id),
    );
    app.get(
      '/playbook/run/:id/actions',
      {
        schema: {
          tags,
          summary: "A run's actions",
          params: playbookRunIdParamsSchema,
          response: { 200: z.array(playbookRunActionSchema), ...refusalResponses, ...missing },
        },
      },
      async (request) => runs.actions(request.actor, request.params.id),
    );
    app.get(
      '/playbook/run/:id/logs',
      {
        schema: {
          tags,
          summary: "A run's output as text (Download logs)",
          params: playbookRunIdParamsSchema,
        },
      },
      async (request, reply) => {
        const detail = await runs.get(request.actor, request.params.id);
        return reply
          .type('text/plain; charset=utf-8')
          .header('content-disposition', `attachment; filename="playbook-run-${detail.id}.log"`)
          .send(runLogs(detail));
      },
    );
    for (const [verb, decision] of [
      ['approve', 'approved'],
      ['reject', 'rejected'],
    ] as const) {
      app.post(
        `/playbook/run/:id/${verb}`,
        {
          schema: {
            tags,
            summary: `${verb === 'approve' ? 'Approve' : 'Reject'} a run waiting for approval`,
            params: playbookRunIdParamsSchema,
            body: playbookApprovalBodySchema.optional(),
            response: { 200: statusAnswer, ...refusalResponses, ...missing, 409: apiErrorSchema },
          },
        },
        async (request) => runs.decide(request.actor, request.params.id, decision, request.body),
      );
    }
    app.post(
      '/playbook/run/:id/cancel',
      {
        schema: {
          tags,
          summary: 'Cancel a run that has not finished',
          params: playbookRunIdParamsSchema,
          response: { 200: statusAnswer, ...refusalResponses, ...missing, 409: apiErrorSchema },
        },
      },
      async (request) => runs.cancel(request.actor, request.params.id),
    );
  };
}

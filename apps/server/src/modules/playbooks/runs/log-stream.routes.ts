import { apiErrorSchema, playbookRunIdParamsSchema, refusalResponses } from '@vigil/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { RunsService } from './runs.service.ts';

const heartbeatMs = 15_000;

/**
 * GET /api/playbook/run/{id}/logs/stream: the run's live output as server-sent events
 * (`action`, `output`, `end`). The stream ends when the run is finished, the client goes
 * away or the server closes.
 */
export function playbookLogStreamRoutes(runs: RunsService) {
  return async (fastify: FastifyInstance): Promise<void> => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const streams = new Set<AbortController>();
    // preClose, not onClose: server.close() waits for open streams, and onClose runs after it.
    app.addHook('preClose', async () => {
      for (const stream of streams) stream.abort();
    });
    app.get(
      '/playbook/run/:id/logs/stream',
      {
        schema: {
          tags: ['playbooks'],
          summary: "A run's live output (text/event-stream)",
          params: playbookRunIdParamsSchema,
          response: { ...refusalResponses, 404: apiErrorSchema },
        },
      },
      async (request, reply) => {
        const events = await runs.stream(request.actor, request.params.id);
        const stop = new AbortController();
        streams.add(stop);
        const socket = request.raw.socket;
        reply.raw.on('close', () => stop.abort());
        reply.hijack();
        reply.raw.writeHead(200, {
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-cache, no-transform',
          'x-accel-buffering': 'no',
          'x-request-id': request.id,
        });
        reply.raw.write(': stream\n\n');
        const heartbeat = setInterval(() => reply.raw.write(': ping\n\n'), heartbeatMs);
        try {
          for await (const event of events(stop.signal)) {
            reply.raw.write(`event: ${event.event}\ndata: ${JSON.stringify(event.data)}\n\n`);
          }
        } catch (error) {
          request.log.warn({ err: error }, 'run log stream failed');
          if (!stop.signal.aborted) reply.raw.write('event: error\ndata: {}\n\n');
        } finally {
          clearInterval(heartbeat);
          streams.delete(stop);
          // A stream stopped early (client gone, server closing) drops its socket outright.
          if (stop.signal.aborted) socket.destroy();
          else reply.raw.end();
        }
      },
    );
  };
}

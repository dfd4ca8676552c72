import {
  parseTimeRange,
  timeRanges,
  topologyQuerySchema,
  topologyResponseSchema,
} from '@vigil/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../../platform/db.ts';
import { parseDuration } from '../../../platform/durations.ts';
import { authorise } from '../../../platform/http/authorise.ts';
import { queryTopology } from './topology-query.service.ts';
import { topologySnapshot } from './topology-snapshot.ts';

/**
 * `start` of a snapshot: a time-range choice of the spec (`15m` … `1mo` … `5y`), optionally as
 * `now-…`, a Go duration (`90s`, `1h30m`) or a timestamp.
 */
export const snapshotStartSchema = z
  .string()
  .default('15m')
  .transform((value, ctx) => {
    const back = value.trim().replace(/^now-/, '');
    const duration = parseTimeRange(back) ?? parseDuration(back);
    if (duration !== undefined && duration > 0) return new Date(Date.now() - duration);
    const at = Date.parse(value);
    if (!Number.isNaN(at)) return new Date(at);
    ctx.addIssue({
      code: 'custom',
      message: `start must be a time range (${timeRanges.join(', ')}) or a time`,
    });
    return z.NEVER;
  });

const snapshotQuery = z.object({
  start: snapshotStartSchema,
  related: z.enum(['true', 'false'], { error: 'related must be true or false' }).default('false'),
});

/** GET /api/topology (and /api/canary/api/topology) and the snapshot of a component. */
export function topologyQueryRoutes(db: Database) {
  return async (fastify: FastifyInstance): Promise<void> => {
    // The answer is JSON text built by the repository (bench/runs): its response schema
    // documents, not serialises, so it is routed without the zod type provider.
    for (const path of ['/topology', '/canary/api/topology']) {
      fastify.get(
        path,
        {
          schema: {
            tags: ['topology'],
            summary: 'Components as a tree with teams, types, healthStatuses and tags',
            querystring: topologyQuerySchema,
            response: { 200: topologyResponseSchema },
          },
        },
        async (request, reply) => {
          authorise(request.actor, 'topologies', 'read');
          // Already validated by the schema above; parsed again only for its type.
          const query = topologyQuerySchema.parse(request.query);
          return reply.type('application/json').send(await queryTopology(db, query));
        },
      );
    }
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    for (const path of ['/topology/:id', '/snapshot/topology/:id']) {
      app.get(
        path,
        {
          schema: {
            tags: ['topology'],
            summary: 'A zip of the component, its checks, configs and changes since start',
            params: z.object({ id: z.guid({ error: 'id must be a uuid' }) }),
            querystring: snapshotQuery,
          },
        },
        async (request, reply) => {
          authorise(request.actor, 'topologies', 'read');
          const { start, related } = request.query;
          const snapshot = await topologySnapshot(db, request.params.id, start, related === 'true');
          return reply
            .header('content-type', 'application/zip')
            .header('content-disposition', `attachment; filename="${snapshot.fileName}"`)
            .send(Buffer.from(snapshot.zip));
        },
      );
    }
  };
}

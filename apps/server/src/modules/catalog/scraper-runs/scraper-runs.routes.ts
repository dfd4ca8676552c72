import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { conflict, notFound } from '../../../platform/errors.ts';
import { authorise } from '../../../platform/http/authorise.ts';
import { runScraper, type ScraperRunDeps } from './scraper-run.service.ts';

const typeSummary = z.object({
  added: z.number(),
  updated: z.number(),
  unchanged: z.number(),
  deleted: z.number(),
  changes: z.number(),
  errors: z.number(),
});

const runAnswer = z.object({
  status: z.enum(['SUCCESS', 'FAILED']),
  job_id: z.string(),
  scrape_summary: z.record(z.string(), typeSummary),
  errors: z.array(z.string()),
});

/** POST /api/catalog/scrapers/{id}/run: scrape now, as the schedule would (write on scrapers). */
export function scraperRunRoutes(deps: ScraperRunDeps) {
  return async (fastify: FastifyInstance): Promise<void> => {
    fastify.withTypeProvider<ZodTypeProvider>().post(
      '/catalog/scrapers/:id/run',
      {
        schema: {
          tags: ['catalog'],
          summary: 'Run a scraper now; answers its job-history outcome',
          params: z.object({ id: z.guid({ error: 'id must be a uuid' }) }),
          response: { 200: runAnswer },
        },
      },
      async (request) => {
        authorise(request.actor, 'config_scrapers', 'write');
        const outcome = await runScraper(deps, request.params.id);
        if (outcome.status === 'NOT_FOUND')
          throw notFound(`scraper ${request.params.id} was not found`);
        if (outcome.status === 'RUNNING') throw conflict('this scraper is already running');
        return {
          status: outcome.status,
          job_id: outcome.jobId,
          scrape_summary: outcome.summary,
          errors: outcome.errors,
        };
      },
    );
  };
}

import { z } from 'zod';
import { scraperRegistry } from '../scrapers/registry.ts';
import { pendingScraperKeys, scrapeConfigMetadata, scrapeSettings } from './scrape-config.ts';

/** config-db's ScrapeConfig resource with the scraper types that run here, as JSON schema. */
export function scrapeConfigJsonSchema(): unknown {
  const scrapers = Object.fromEntries(
    [...scraperRegistry].map(([key, type]) => [key, z.array(type.schema).optional()]),
  );
  const pending = Object.fromEntries(
    pendingScraperKeys.map((key) => [
      key,
      z.array(z.unknown()).optional().describe(`scraper type ${key} is not supported yet`),
    ]),
  );
  const resource = z.object({
    apiVersion: z.literal('configs.flanksource.com/v1'),
    kind: z.literal('ScrapeConfig'),
    metadata: scrapeConfigMetadata,
    spec: z.object({ ...scrapeSettings, ...pending, ...scrapers }).strict(),
  });
  return z.toJSONSchema(resource, { unrepresentable: 'any', io: 'input' });
}

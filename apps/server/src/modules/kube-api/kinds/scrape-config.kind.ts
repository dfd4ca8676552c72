import { scrapeConfigJsonSchema } from '../../catalog/index.ts';
import { scheduledSpecKind } from './scheduled-spec-kind.ts';

/** config-db's ScrapeConfig (configs.flanksource.com/v1), stored in config_scrapers. */
export const scrapeConfigKind = scheduledSpecKind({
  group: 'configs.flanksource.com',
  kind: 'ScrapeConfig',
  plural: 'scrapeconfigs',
  singular: 'scrapeconfig',
  target: 'config_scrapers',
  noun: 'scrape config',
  defaultSchedule: '@every 1h',
  jsonSchema: scrapeConfigJsonSchema,
});

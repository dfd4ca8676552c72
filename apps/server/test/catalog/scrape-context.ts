import { pino } from 'pino';
import type { OpenedConnection } from '../../src/modules/connections/connection-resolver.ts';
import type { ScrapeContext } from '../../src/modules/catalog/scrapers/scraper-type.ts';
import { ScrapeConfigError } from '../../src/modules/catalog/scrapers/scraper-type.ts';

/** A scrape context for running one scraper type directly, with the connections given. */
export function scrapeContext(
  options: {
    baseDir?: string;
    full?: boolean;
    timeoutMs?: number;
    connections?: Record<string, OpenedConnection>;
  } = {},
): ScrapeContext {
  const timeoutMs = options.timeoutMs ?? 10_000;
  return {
    scraperId: '00000000-0000-0000-0000-000000000001',
    namespace: 'default',
    signal: AbortSignal.timeout(timeoutMs),
    timeoutMs,
    log: pino({ level: 'silent' }),
    full: options.full ?? false,
    ...(options.baseDir ? { baseDir: options.baseDir } : {}),
    connection: async (reference) => {
      const found = options.connections?.[reference];
      if (!found) throw new ScrapeConfigError(`connection ${reference} was not found`);
      return found;
    },
    resolveValue: async (value) =>
      value === undefined ? undefined : typeof value === 'string' ? value : value.value,
  };
}

/** A stored connection as the resolver opens it. */
export function openedConnection(fields: Partial<OpenedConnection>): OpenedConnection {
  return {
    name: 'test',
    namespace: 'default',
    type: 'http',
    url: null,
    username: null,
    password: null,
    certificate: null,
    insecureTls: false,
    properties: {},
    ...fields,
  };
}

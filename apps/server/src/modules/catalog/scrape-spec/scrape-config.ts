import { z } from 'zod';
import { parseDuration } from '../../../platform/durations.ts';
import { parseSchedule } from '../../health/index.ts';
import { scraperRegistry } from '../scrapers/registry.ts';
import type { PreparedScrape } from '../scrapers/scraper-type.ts';
import { commonScraperEntry } from './common-fields.ts';
import { entryExpressionProblem } from './entry-expressions.ts';
import { retentionSpec } from './retention.ts';

/** Keys config-db knows whose scraper has not been written here yet: refused by name. */
export const pendingScraperKeys: readonly string[] = [
  'gcp',
  'github',
  'postgres',
  'slack',
  'terraform',
  'clickhouse',
  'logs',
  'pubsub',
  'playwright',
];

/** The settings of `spec` beside the scraper lists. */
export const scrapeSettings = {
  schedule: z
    .string()
    .optional()
    .describe('When it runs: @every 30m, @hourly, or a cron expression (UTC); 1h by default'),
  timeout: z.string().optional().describe('Limit of one scrape, e.g. 5m; 10m by default'),
  full: z.boolean().optional().describe('Documents carry `config`, `changes` and `analysis`'),
  retention: retentionSpec.optional(),
  logLevel: z.string().optional(),
  system: z.boolean().optional(),
  crdSync: z.boolean().optional(),
};

const settingsSchema = z.object(scrapeSettings).loose();
export type ScrapeSettings = z.infer<typeof settingsSchema>;

export const scrapeConfigMetadata = z
  .object({
    name: z.string().min(1, 'is required'),
    namespace: z.string().optional(),
    labels: z.record(z.string(), z.string()).optional(),
    annotations: z.record(z.string(), z.string()).optional(),
  })
  .loose();

/** A scraper entry ready to run, with where it was declared (`spec.file[0]`). */
export interface DeclaredScrape extends PreparedScrape {
  readonly field: string;
  /** The entry as written, for checks over its raw fields (connection pairings). */
  readonly entry: unknown;
}

export type ScrapeSpecResult =
  | {
      ok: true;
      settings: ScrapeSettings;
      schedule: string | undefined;
      timeoutMs: number | undefined;
      scrapes: DeclaredScrape[];
    }
  | { ok: false; field: string; message: string };

const defaultSchedule = '@every 1h';

/**
 * Parses a ScrapeConfig's `spec` with the scraper types registered here. The first problem
 * is reported with its field, e.g. `spec.file[0].paths`.
 */
export function parseScrapeSpec(spec: unknown): ScrapeSpecResult {
  const object = z.record(z.string(), z.unknown()).safeParse(spec);
  if (!object.success) return { ok: false, field: 'spec', message: 'must be an object' };
  const scrapes: DeclaredScrape[] = [];
  const settings: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(object.data)) {
    const type = scraperRegistry.get(key);
    if (!type) {
      if (pendingScraperKeys.includes(key)) {
        return {
          ok: false,
          field: `spec.${key}`,
          message: `scraper type ${key} is not supported yet`,
        };
      }
      if (!(key in scrapeSettings)) {
        return { ok: false, field: `spec.${key}`, message: 'is not a known field' };
      }
      settings[key] = value;
      continue;
    }
    if (value === undefined || value === null) continue;
    if (!Array.isArray(value))
      return { ok: false, field: `spec.${key}`, message: 'must be a list' };
    for (const [index, entry] of value.entries()) {
      const at = `spec.${key}[${index}]`;
      const parsed = type.schema.safeParse(entry);
      if (!parsed.success) return problemAt(at, parsed.error);
      const bad = entryExpressionProblem(commonScraperEntry.parse(parsed.data));
      if (bad) return { ok: false, field: `${at}.${bad.field}`, message: bad.message };
      scrapes.push({ ...type.prepare(entry), field: at, entry });
    }
  }
  const parsedSettings = settingsSchema.safeParse(settings);
  if (!parsedSettings.success) return problemAt('spec', parsedSettings.error);
  if (scrapes.length === 0) return { ok: false, field: 'spec', message: 'declares no scrapers' };
  const schedule = parsedSettings.data.schedule;
  try {
    parseSchedule(schedule ?? defaultSchedule);
  } catch (error) {
    return { ok: false, field: 'spec.schedule', message: messageOf(error) };
  }
  const timeout = parsedSettings.data.timeout;
  const timeoutMs = timeout === undefined ? undefined : parseDuration(timeout);
  if (timeout !== undefined && (timeoutMs === undefined || timeoutMs <= 0)) {
    return { ok: false, field: 'spec.timeout', message: 'must be a duration such as 30s or 5m' };
  }
  return { ok: true, settings: parsedSettings.data, schedule, timeoutMs, scrapes };
}

/** The schedule a scraper runs on when its spec names none. */
export function scheduleOf(schedule: string | undefined): string {
  return schedule ?? defaultSchedule;
}

/** A whole `ScrapeConfig` document, as applied by kubectl or `vigil apply`. */
export const scrapeConfigResource = z.object({
  apiVersion: z.literal('configs.flanksource.com/v1'),
  kind: z.literal('ScrapeConfig'),
  metadata: scrapeConfigMetadata,
  spec: z.unknown(),
});

export function problemAt(
  base: string,
  error: z.ZodError,
): { ok: false; field: string; message: string } {
  const issue = error.issues[0];
  const path = (issue?.path ?? []).map((part) =>
    typeof part === 'number' ? `[${part}]` : `.${String(part)}`,
  );
  const keys = issue?.code === 'unrecognized_keys' ? `.${issue.keys.join(', ')}` : '';
  const message =
    issue?.code === 'unrecognized_keys' ? 'is not a known field' : (issue?.message ?? 'is invalid');
  return { ok: false, field: `${base}${path.join('')}${keys}`, message };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

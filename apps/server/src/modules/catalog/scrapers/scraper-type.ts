import type { Logger } from 'pino';
import type { z } from 'zod';
import type { OpenedConnection } from '../../connections/index.ts';
import type { EnvVar } from '../../../platform/values/env-var.ts';
import type { ScrapeResult } from './scrape-result.ts';

/** What a running scrape may use besides its spec entry. */
export interface ScrapeContext {
  /** The `config_scrapers.id` being run; items carry it as `scraper_id`. */
  readonly scraperId: string;
  /** The scraper's namespace: relative connection and secret references resolve in it. */
  readonly namespace: string;
  /** Aborted when the scrape's time limit passes or the process stops; pass it to every I/O. */
  readonly signal: AbortSignal;
  /** The time limit of this scrape, in ms. */
  readonly timeoutMs: number;
  readonly log: Logger;
  /** `spec.full`: scraped documents carry `config`, `changes` and `analysis`. */
  readonly full?: boolean;
  /** Where relative file paths resolve; the process's working directory when unset. */
  readonly baseDir?: string;
  /**
   * Loads `connection://ns/name`; throws ScrapeConfigError when it does not exist, or when
   * `endpoint` (the entry's own url/host, contacted instead) is not the connection's own
   * endpoint and the spec's writer was not allowed to pair them (docs/connections.md).
   */
  connection(reference: string, endpoint?: string): Promise<OpenedConnection>;
  /** Resolves an EnvVar (plain, `{value}` or a Secret/ConfigMap key). */
  resolveValue(value: EnvVar | undefined): Promise<string | undefined>;
}

/** The scrape cannot run as written (unknown connection, missing secret, bad expression). */
export class ScrapeConfigError extends Error {}

/** The type cannot run on this machine (a missing binary, no cloud account): said plainly. */
export class ScraperUnavailable extends Error {}

/** How a scraper type is written: its spec key, the schema of one entry, and its scrape. */
export interface ScraperTypeDefinition<T extends z.ZodType> {
  /** Shown in job history and docs, e.g. `file`, `kubernetes`, `aws`. */
  readonly name: string;
  /** The ScrapeConfig key holding a list of entries, e.g. `file` for `spec.file[]`. */
  readonly specKey: string;
  /** One entry of `spec[specKey]`, usually `scraperEntry({...own fields})` (shared fields). */
  readonly schema: T;
  /**
   * Reads the source and returns what it found, already shaped by the entry's shared fields
   * (see `scrape-spec/extract.ts`). Throws (or returns `errors`) when the source is broken:
   * the scheduler then fails the run and the ingest is not called.
   */
  scrape(ctx: ScrapeContext, entry: z.infer<T>): Promise<ScrapeResult>;
}

/** A scraper entry parsed once, ready to scrape on every run. */
export interface PreparedScrape {
  readonly type: string;
  scrape(ctx: ScrapeContext): Promise<ScrapeResult>;
}

/** A registry entry: the schema for validation and a way to prepare a declared entry. */
export interface ScraperType {
  readonly name: string;
  readonly specKey: string;
  readonly schema: z.ZodType;
  /** Parses the entry (throws a ZodError when it does not fit) and binds its scrape. */
  prepare(entry: unknown): PreparedScrape;
}

/** Turns a typed definition into a registry entry; the schema's type reaches `scrape` unchanged. */
export function defineScraperType<T extends z.ZodType>(
  definition: ScraperTypeDefinition<T>,
): ScraperType {
  return {
    name: definition.name,
    specKey: definition.specKey,
    schema: definition.schema,
    prepare(entry) {
      const parsed = definition.schema.parse(entry);
      return { type: definition.name, scrape: (ctx) => definition.scrape(ctx, parsed) };
    },
  };
}

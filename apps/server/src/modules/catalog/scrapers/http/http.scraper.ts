import { z } from 'zod';
import { envVar } from '../../../../platform/values/env-var.ts';
import { scraperEntry } from '../../scrape-spec/common-fields.ts';
import { extractResult } from '../../scrape-spec/extract.ts';
import { ScrapeConfigError, defineScraperType } from '../scraper-type.ts';

const httpEntry = scraperEntry({
  url: z.string().optional().describe("The endpoint; the connection's url when unset"),
  connection: z.string().optional().describe('connection://namespace/name'),
  username: envVar.optional(),
  password: envVar.optional(),
  bearer: envVar.optional(),
  headers: z.array(z.object({ name: z.string() }).loose()).optional(),
  method: z.string().optional(),
  body: z.string().optional(),
  env: z.array(envVar).optional(),
  tls: z.record(z.string(), z.unknown()).optional(),
  oauth: z.record(z.string(), z.unknown()).optional(),
  pagination: z.record(z.string(), z.unknown()).optional(),
});

/** `spec.http[]`: one JSON response, its items chosen by the shared `items` JSONPath. */
export const httpScraperType = defineScraperType({
  name: 'http',
  specKey: 'http',
  schema: httpEntry,
  async scrape(ctx, entry) {
    if (entry.pagination) throw new ScrapeConfigError('http: pagination is not supported yet');
    const stored = entry.connection ? await ctx.connection(entry.connection, entry.url) : null;
    const url = entry.url ?? stored?.url ?? undefined;
    if (!url) throw new ScrapeConfigError('http: url is required (or a connection with a url)');
    const headers = new Headers({ accept: 'application/json' });
    for (const header of entry.headers ?? []) {
      const value = await ctx.resolveValue(envVar.parse({ ...header, name: undefined }));
      if (value !== undefined) headers.set(header.name, value);
    }
    const username = (await ctx.resolveValue(entry.username)) ?? stored?.username ?? undefined;
    const password = (await ctx.resolveValue(entry.password)) ?? stored?.password ?? undefined;
    const bearer = await ctx.resolveValue(entry.bearer);
    if (bearer) headers.set('authorization', `Bearer ${bearer}`);
    else if (username) {
      const basic = Buffer.from(`${username}:${password ?? ''}`).toString('base64');
      headers.set('authorization', `Basic ${basic}`);
    }
    const response = await fetch(url, {
      method: entry.method ?? 'GET',
      headers,
      ...(entry.body !== undefined ? { body: entry.body } : {}),
      signal: ctx.signal,
    });
    const text = await response.text();
    if (!response.ok) {
      throw new Error(`http: ${url} answered ${response.status} ${response.statusText}`.trim());
    }
    let document: unknown;
    try {
      document = JSON.parse(text);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(`http: ${url} answered malformed JSON: ${reason}`, { cause: error });
    }
    return extractResult(entry, [{ document, source: url }], { full: ctx.full === true });
  },
});

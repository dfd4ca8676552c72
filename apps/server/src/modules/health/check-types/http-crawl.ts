import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import type { CheckOutcome, CheckRunContext } from './check-type.ts';
import { parseDuration } from '../../../platform/durations.ts';
import { httpRequest, type HttpAnswer } from './http-request.ts';

const regex = z.string().refine(
  (source) => {
    try {
      new RegExp(source);
      return true;
    } catch {
      return false;
    }
  },
  { message: 'is not a valid regular expression' },
);
const duration = z
  .string()
  .refine((text) => parseDuration(text) !== undefined, { message: 'is not a duration' });

/** `http[].crawl`, canary-checker's fields; `filters` is accepted and unused, as there. */
export const crawlSpec = z
  .object({
    filters: z.array(z.string()).optional(),
    depth: z.number().int().nonnegative().optional(),
    allowedDomains: z.array(z.string().min(1)).optional(),
    disallowedDomains: z.array(z.string().min(1)).optional(),
    allowedURLFilters: z.array(regex).optional(),
    disallowedURLFilters: z.array(regex).optional(),
    delay: duration.optional(),
    randomDelay: duration.optional(),
    parallelism: z.number().int().positive().max(16).optional(),
  })
  .strict();

type CrawlSpec = z.infer<typeof crawlSpec>;

/** A crawl stops here even when links remain, so one check cannot walk a whole site forever. */
export const maxCrawledPages = 1000;
const maxRedirects = 10;

interface Rules {
  readonly maxDepth: number;
  readonly allowed: readonly string[];
  readonly disallowed: readonly string[];
  readonly urlFilters: readonly RegExp[];
  readonly disallowedUrlFilters: readonly RegExp[];
}

/**
 * Follows `<a href>` links from `start` as canary-checker's colly collector does: depth 1 is the
 * start page, links past `depth` (default 10) are not requested, each URL once, only the start's
 * host unless domains are given; any page that errors or answers 203 or more is `missing`.
 */
export async function crawlSite(
  start: string,
  spec: CrawlSpec,
  ctx: CheckRunContext,
): Promise<CheckOutcome> {
  const startUrl = new URL(start);
  const noDomains = !spec.allowedDomains?.length && !spec.disallowedDomains?.length;
  const rules: Rules = {
    maxDepth: spec.depth || 10,
    allowed: noDomains ? [startUrl.hostname] : (spec.allowedDomains ?? []),
    disallowed: spec.disallowedDomains ?? [],
    urlFilters: (spec.allowedURLFilters ?? []).map((source) => new RegExp(source)),
    disallowedUrlFilters: (spec.disallowedURLFilters ?? []).map((source) => new RegExp(source)),
  };
  const refusal = refused(startUrl, rules);
  if (refusal) return { pass: false, error: refusal, data: { missing: [], visited: 0 } };
  const delayMs = parseDuration(spec.delay ?? '500ms') ?? 500;
  const randomMs = parseDuration(spec.randomDelay ?? '100ms') ?? 100;
  const seen = new Set<string>([withoutFragment(startUrl)]);
  const queue: { url: string; depth: number }[] = [{ url: withoutFragment(startUrl), depth: 1 }];
  const missing = new Set<string>();
  let visited = 0;
  let active = 0;
  let capped = false;

  const visit = async (page: { url: string; depth: number }) => {
    visited += 1;
    const answer = await fetchFollowing(page.url, rules, ctx).catch(() => undefined);
    if (!answer || answer.answer.status >= 203) {
      missing.add(page.url);
      return;
    }
    if (!(answer.answer.headers['content-type'] ?? '').includes('html')) return;
    if (page.depth + 1 > rules.maxDepth) return;
    for (const link of links(answer.answer.body, answer.url)) {
      if (seen.has(link.href) || refused(link, rules)) continue;
      if (seen.size >= maxCrawledPages) {
        capped = true;
        break;
      }
      seen.add(link.href);
      queue.push({ url: link.href, depth: page.depth + 1 });
    }
  };
  const worker = async () => {
    while (!ctx.signal.aborted) {
      const page = queue.shift();
      if (!page) {
        if (active === 0) return;
        await sleep(5);
        continue;
      }
      active += 1;
      try {
        await visit(page);
      } finally {
        active -= 1;
      }
      await sleep(delayMs + Math.random() * randomMs, undefined, { signal: ctx.signal }).catch(
        () => undefined,
      );
    }
  };
  await Promise.all(Array.from({ length: spec.parallelism ?? 2 }, worker));

  const data = { missing: [...missing].sort(), visited };
  const summary = `Visited: ${visited}${capped ? ` (stopped at ${maxCrawledPages} pages)` : ''}`;
  if (ctx.signal.aborted) {
    return { pass: false, error: `${summary}, crawl stopped at the time limit`, data };
  }
  if (missing.size > 0) {
    return { pass: false, error: `${summary}, Missing: ${missing.size}`, data };
  }
  return { pass: true, message: summary, data };
}

/** Why colly would not request `url`, or undefined when it would. */
function refused(url: URL, rules: Rules): string | undefined {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'Unsupported protocol';
  const host = url.hostname;
  if (rules.disallowed.includes(host)) return 'Forbidden domain';
  if (rules.allowed.length > 0 && !rules.allowed.includes(host)) return 'Forbidden domain';
  const text = url.href;
  if (rules.disallowedUrlFilters.some((filter) => filter.test(text))) return 'ForbiddenURL';
  if (rules.urlFilters.length > 0 && !rules.urlFilters.some((filter) => filter.test(text))) {
    return 'No URLFilters match';
  }
  return undefined;
}

/** One page, following redirects only to URLs the rules allow (colly's redirect check). */
async function fetchFollowing(
  url: string,
  rules: Rules,
  ctx: CheckRunContext,
): Promise<{ answer: HttpAnswer; url: URL }> {
  let current = new URL(url);
  for (let hops = 0; ; hops += 1) {
    const answer = await httpRequest({
      url: current.href,
      method: 'GET',
      headers: {},
      body: undefined,
      auth: undefined,
      ntlm: false,
      insecureSkipVerify: false,
      ca: undefined,
      cert: undefined,
      key: undefined,
      abort: ctx,
    });
    const location = answer.headers.location;
    if (answer.status < 300 || answer.status >= 400 || !location) return { answer, url: current };
    const next = new URL(location, current);
    const refusal = refused(next, rules);
    if (refusal) throw new Error(refusal);
    if (hops + 1 > maxRedirects) throw new Error(`stopped after ${maxRedirects} redirects`);
    current = next;
  }
}

const anchor = /<a\s[^>]*?href\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/gi;

/** The `<a href>` targets of an HTML page, absolute and without fragment. */
function links(html: string, base: URL): URL[] {
  const found: URL[] = [];
  for (const match of html.matchAll(anchor)) {
    const href = decodeEntities((match[1] ?? match[2] ?? match[3] ?? '').trim());
    if (href === '' || href.startsWith('#')) continue;
    try {
      const url = new URL(href, base);
      url.hash = '';
      found.push(url);
    } catch {
      // colly skips an href that does not parse as a URL
    }
  }
  return found;
}

function withoutFragment(url: URL): string {
  const copy = new URL(url.href);
  copy.hash = '';
  return copy.href;
}

function decodeEntities(text: string): string {
  return text
    .replaceAll('&amp;', '&')
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>');
}

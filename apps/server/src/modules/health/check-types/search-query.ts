import { z } from 'zod';
import {
  commonCheckFields,
  errorText,
  failed,
  type CheckOutcome,
  type CheckRunContext,
} from './check-type.ts';
import {
  apiUrl,
  bodyExcerpt,
  httpConnectionFields,
  requestJson,
  resolveHttpEndpoint,
  type JsonAnswer,
} from './http-endpoint.ts';

/** canary-checker's ElasticsearchCheck and OpenSearchCheck: the same fields. */
export const searchCheck = z
  .object({
    ...commonCheckFields,
    ...httpConnectionFields,
    index: z.string().min(1).optional(),
    /** The _search request body, as JSON text. */
    query: z.string().optional(),
    /** The hit count the query must return (hits.total.value). */
    results: z.number().int().nonnegative().optional(),
  })
  .strict()
  .refine((c) => c.url ?? c.connection, {
    message: 'needs url (or a connection)',
    path: ['url'],
  });

export type SearchCheck = z.infer<typeof searchCheck>;

const total = z.union([z.number(), z.looseObject({ value: z.number(), relation: z.string() })]);

const searchAnswer = z.looseObject({
  took: z.number().optional(),
  timed_out: z.boolean().optional(),
  hits: z.looseObject({ total: total.optional(), hits: z.array(z.unknown()) }),
});

/** Elasticsearch's error body; very old versions send `error` as a plain string. */
const errorAnswer = z.looseObject({
  error: z.union([z.string(), z.looseObject({ type: z.string(), reason: z.string().nullish() })]),
});

/** POST {url}/{index}/_search with the query, then compare the hit count with `results`. */
export async function runSearch(
  product: 'elasticsearch' | 'opensearch',
  check: SearchCheck,
  ctx: CheckRunContext,
): Promise<CheckOutcome> {
  const body = check.query?.trim() ? check.query : undefined;
  if (body !== undefined && !isJson(body)) {
    return { ...failed('query is not valid JSON'), invalid: true };
  }
  const endpoint = await resolveHttpEndpoint(check, ctx);
  const path = check.index ? `/${encodeURIComponent(check.index)}/_search` : '/_search';
  let answer: JsonAnswer;
  try {
    answer = await requestJson(endpoint, {
      method: 'POST',
      url: apiUrl(endpoint.url, path),
      body,
      contentType: body === undefined ? undefined : 'application/json',
      abort: ctx,
    });
  } catch (error) {
    return failed(`${product} search failed: ${errorText(error)}`);
  }
  if (answer.status >= 300) return searchError(product, answer);
  return judge(product, check, answer);
}

function judge(product: string, check: SearchCheck, answer: JsonAnswer): CheckOutcome {
  const parsed = searchAnswer.safeParse(answer.json);
  if (!parsed.success) {
    return failed(`unexpected answer from ${product}: ${bodyExcerpt(answer.body)}`);
  }
  const { hits } = parsed.data;
  const count =
    hits.total === undefined
      ? hits.hits.length
      : typeof hits.total === 'number'
        ? hits.total
        : hits.total.value;
  const data = { results: parsed.data, hits: hits.hits, count };
  const outcome = { data, detail: { count }, duration: answer.elapsedMs };
  if (count === 0 && check.markFailOnEmpty === true) {
    return { ...outcome, pass: false, error: 'query returned no hits' };
  }
  if (check.results !== undefined && count !== check.results) {
    return {
      ...outcome,
      pass: false,
      error: `query returned ${count} hits, expected ${check.results}`,
    };
  }
  return { ...outcome, pass: true, message: `${count} ${count === 1 ? 'hit' : 'hits'}` };
}

function searchError(product: string, answer: JsonAnswer): CheckOutcome {
  const parsed = errorAnswer.safeParse(answer.json);
  let reason = bodyExcerpt(answer.body);
  if (parsed.success) {
    const { error } = parsed.data;
    reason = typeof error === 'string' ? error : `${error.type}: ${error.reason ?? ''}`;
  }
  // A 400 is a query the server cannot parse or run: the spec is wrong, not the target.
  return {
    ...failed(`${product} answered ${answer.status}: ${reason}`),
    invalid: answer.status === 400,
  };
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

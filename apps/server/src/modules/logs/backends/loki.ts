import type { LogLine } from '@vigil/domain';
import { z } from 'zod';
import { httpTarget, requestJson } from './http-json.ts';
import {
  commonBackendFields,
  defineLogBackend,
  LogBackendError,
  newestFirst,
} from './log-backend.ts';

const lokiConfig = z.strictObject({
  ...commonBackendFields,
  url: z.url().optional(),
  connection: z
    .string()
    .regex(/^connection:\/\/[^/]+\/[^/]+$/, 'must look like connection://<namespace>/<name>')
    .optional(),
  /** A LogQL stream selector; built from the search's labels when unset. */
  query: z.string().optional(),
});

const lokiAnswer = z.object({
  status: z.string(),
  data: z.object({
    result: z.array(
      z.object({
        stream: z.record(z.string(), z.string()),
        values: z.array(z.tuple([z.string().regex(/^\d{1,20}$/), z.string()])),
      }),
    ),
  }),
});

/** `loki`: Loki's HTTP API, GET /loki/api/v1/query_range, newest first. */
export const lokiBackend = defineLogBackend({
  name: 'loki',
  schema: lokiConfig,
  async search(ctx, config, search) {
    const target = await httpTarget(ctx, 'loki', config);
    const url = new URL(`${target.baseUrl}/loki/api/v1/query_range`);
    const selector = config.query ?? streamSelector(search.labels);
    const filter =
      search.query === '' ? '' : ` |~ ${JSON.stringify(`(?i)${escapeRegExp(search.query)}`)}`;
    url.searchParams.set('query', `${selector}${filter}`);
    url.searchParams.set('start', nanos(search.start));
    url.searchParams.set('end', nanos(search.end));
    url.searchParams.set('limit', String(search.limit));
    url.searchParams.set('direction', 'backward');
    const answer = lokiAnswer.safeParse(
      await requestJson(ctx, 'loki', url, { method: 'GET', authorization: target.authorization }),
    );
    if (!answer.success) throw new LogBackendError('loki: the answer is not a streams result');
    const lines: LogLine[] = answer.data.data.result.flatMap((stream) =>
      stream.values.map(([time, message]) => ({
        timestamp: new Date(Number(BigInt(time) / 1_000_000n)).toISOString(),
        message,
        labels: stream.stream,
      })),
    );
    return newestFirst(lines, search.limit);
  },
});

/** `{k="v", …}`; Loki needs at least one matcher, so no labels select every stream. */
export function streamSelector(labels: Readonly<Record<string, string>>): string {
  // Label names are LogQL identifiers: anything else would break the query, so it is left out.
  const matchers = Object.entries(labels)
    .filter(([key]) => /^[a-zA-Z_][a-zA-Z0-9_]*$/.test(key))
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, value]) => `${key}=${JSON.stringify(value)}`);
  return matchers.length === 0 ? '{job=~".+"}' : `{${matchers.join(', ')}}`;
}

function nanos(date: Date): string {
  return `${BigInt(date.getTime()) * 1_000_000n}`;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

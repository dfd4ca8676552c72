import type { LogLine } from '@vigil/domain';
import { z } from 'zod';
import { httpTarget, requestJson } from './http-json.ts';
import {
  commonBackendFields,
  LogBackendError,
  newestFirst,
  type LogBackendContext,
  type LogSearch,
} from './log-backend.ts';

/** OpenSearch and Elasticsearch share the `_search` API and this config. */
export const searchApiConfig = z.strictObject({
  ...commonBackendFields,
  url: z.url().optional(),
  connection: z
    .string()
    .regex(/^connection:\/\/[^/]+\/[^/]+$/, 'must look like connection://<namespace>/<name>')
    .optional(),
  index: z.string().regex(/^[^/\s?#]+$/, 'must be an index name or pattern'),
  fields: z
    .strictObject({ message: z.string().optional(), timestamp: z.string().optional() })
    .optional(),
});
export type SearchApiConfig = z.infer<typeof searchApiConfig>;

const hits = z.object({
  hits: z.object({
    total: z.union([z.number(), z.object({ value: z.number() })]).optional(),
    hits: z.array(z.object({ _source: z.record(z.string(), z.unknown()) })),
  }),
});

/**
 * POST {url}/{index}/_search: the newest `limit` documents in the range whose message
 * contains the query, each of the search's labels as a term filter.
 */
export async function searchIndex(
  ctx: LogBackendContext,
  kind: string,
  config: SearchApiConfig,
  search: LogSearch,
): Promise<LogLine[]> {
  const target = await httpTarget(ctx, kind, config);
  const messageField = config.fields?.message ?? 'message';
  const timeField = config.fields?.timestamp ?? '@timestamp';
  const filter: unknown[] = [
    {
      range: {
        [timeField]: { gte: search.start.toISOString(), lte: search.end.toISOString() },
      },
    },
    ...Object.entries(search.labels).map(([key, value]) => ({ term: { [key]: value } })),
  ];
  const must = search.query === '' ? [] : [{ match_phrase: { [messageField]: search.query } }];
  const url = new URL(`${target.baseUrl}/${encodeURIComponent(config.index)}/_search`);
  const answer = hits.safeParse(
    await requestJson(ctx, kind, url, {
      method: 'POST',
      authorization: target.authorization,
      body: {
        size: search.limit,
        sort: [{ [timeField]: { order: 'desc' } }],
        query: { bool: { filter, must } },
      },
    }),
  );
  if (!answer.success) throw new LogBackendError(`${kind}: the answer has no hits`);
  const lines = answer.data.hits.hits.map((hit) => lineOf(hit._source, messageField, timeField));
  return newestFirst(lines, search.limit);
}

function lineOf(source: Record<string, unknown>, messageField: string, timeField: string): LogLine {
  const labels: Record<string, string> = {};
  for (const [key, value] of Object.entries(source)) {
    if (key === messageField || key === timeField) continue;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
      labels[key] = String(value);
    }
  }
  const message = source[messageField];
  const stamp = source[timeField];
  const time =
    typeof stamp === 'string' || typeof stamp === 'number' ? new Date(stamp).getTime() : NaN;
  return {
    timestamp: new Date(Number.isNaN(time) ? 0 : time).toISOString(),
    message: typeof message === 'string' ? message : JSON.stringify(message ?? source),
    labels,
  };
}

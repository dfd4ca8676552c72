import type { LogLine } from '@vigil/domain';
import { z } from 'zod';
import { envVar } from '../../../platform/values/env-var.ts';
import type { OpenedConnection } from '../../connections/index.ts';
import { logBackendTypes, resolveLogTime, type LogSearch } from '../../logs/index.ts';
import { ActionFailed, defineActionType, mask, type ActionContext } from './action-type.ts';
import { postProcess, postProcessFields, type PostProcess } from './logs-post-process.ts';

const limitField = z.union([z.string(), z.number()]).optional();
const requestBase = { start: z.string().optional(), end: z.string().optional(), limit: limitField };

const lokiSchema = z.strictObject({
  ...postProcessFields,
  ...requestBase,
  connection: z.string().optional(),
  url: z.string().optional(),
  username: envVar.optional(),
  password: envVar.optional(),
  query: z.string().optional(),
  since: z.string().optional(),
  step: z.string().optional(),
  interval: z.string().optional(),
  direction: z.enum(['forward', 'backward']).optional(),
});

const opensearchSchema = z.strictObject({
  ...postProcessFields,
  connection: z.string().optional(),
  address: z.string().optional(),
  username: envVar.optional(),
  password: envVar.optional(),
  index: z.string().min(1, 'This field is required'),
  query: z.string().optional(),
  limit: limitField,
});

/** Upstream's cloudwatch and kubernetes requests: accepted as written, refused when run here. */
const unsupported = z.record(z.string(), z.unknown());

const logsSchema = z
  .strictObject({
    loki: lokiSchema.optional(),
    opensearch: opensearchSchema.optional(),
    cloudwatch: unsupported.optional(),
    kubernetes: unsupported.optional(),
  })
  .refine((logs) => Object.values(logs).filter(Boolean).length === 1, {
    message: 'must set exactly one of loki, opensearch, cloudwatch, kubernetes',
  });
type LogsConfig = z.infer<typeof logsSchema>;

/** Stands for the url and credentials written inline, so they reach only that url. */
const inlineRef = 'connection://playbook/inline';

async function inlineConnection(
  context: ActionContext,
  url: string,
  username: z.infer<typeof envVar> | undefined,
  password: z.infer<typeof envVar> | undefined,
): Promise<OpenedConnection> {
  return {
    name: 'inline',
    namespace: 'playbook',
    type: 'http',
    url,
    username: (await context.values(username)) ?? null,
    password: (await context.values(password)) ?? null,
    certificate: null,
    insecureTls: false,
    properties: {},
  };
}

function limitOf(value: string | number | undefined): number {
  const limit = Number(value ?? 100);
  if (!Number.isInteger(limit) || limit < 1) throw new ActionFailed('logs: limit must be a number');
  return Math.min(limit, 10_000);
}

/** Term filters of an OpenSearch bool query become the search's labels; a match_phrase its text. */
function openSearchTerms(query: string | undefined): {
  labels: Record<string, string>;
  text: string;
} {
  const labels: Record<string, string> = {};
  let text = '';
  if (!query?.trim()) return { labels, text };
  const clause = z.record(z.string(), z.record(z.string(), z.unknown()));
  const shape = z.object({
    query: z
      .object({
        bool: z.object({ filter: z.array(clause).optional(), must: z.array(clause).optional() }),
      })
      .optional(),
  });
  let parsed;
  try {
    parsed = shape.parse(JSON.parse(query));
  } catch {
    throw new ActionFailed('logs: opensearch query must be a JSON {"query": {"bool": …}}');
  }
  const bool = parsed.query?.bool;
  for (const item of [...(bool?.filter ?? []), ...(bool?.must ?? [])]) {
    for (const [kind, fields] of Object.entries(item)) {
      for (const [field, raw] of Object.entries(fields)) {
        const value = typeof raw === 'object' && raw !== null && 'value' in raw ? raw.value : raw;
        if (kind === 'term' && typeof value === 'string') labels[field] = value;
        else if (kind === 'match_phrase' && typeof value === 'string') text = value;
        else throw new ActionFailed(`logs: opensearch ${kind} on ${field} is not supported here`);
      }
    }
  }
  return { labels, text };
}

/**
 * logs: one query through the logs area's backend kinds (Loki, OpenSearch), then upstream's
 * `match` (CEL, any) and `dedupe`. The output is the lines, newest first.
 */
export const logsAction = defineActionType<LogsConfig>({
  kind: 'logs',
  schema: logsSchema,
  async run(config, context) {
    if (config.cloudwatch || config.kubernetes) {
      throw new ActionFailed(
        `logs: ${config.cloudwatch ? 'cloudwatch' : 'kubernetes'} is not supported by this server's logs area`,
      );
    }
    const now = Date.now();
    const time = (field: string, text: string | undefined, fallback: number) => {
      try {
        return text?.trim() ? resolveLogTime(field, text, now) : new Date(fallback);
      } catch {
        throw new ActionFailed(`logs: ${field} must be a duration, date math or RFC 3339 time`);
      }
    };
    let kind: string;
    let backend: Record<string, unknown>;
    let search: LogSearch;
    let inline: OpenedConnection | undefined;
    let post: PostProcess;
    if (config.loki) {
      const loki = config.loki;
      if (!loki.url && !loki.connection) throw new ActionFailed('logs: loki url is required');
      if (!loki.connection && loki.url && (loki.username || loki.password)) {
        inline = await inlineConnection(context, loki.url, loki.username, loki.password);
      }
      kind = 'loki';
      backend = {
        url: loki.url || undefined,
        connection: inline ? inlineRef : loki.connection,
        query: loki.query?.trim() || undefined,
      };
      const end = time('end', loki.end, now);
      const since = loki.since ? `now-${loki.since}` : undefined;
      search = {
        type: undefined,
        externalId: null,
        labels: {},
        query: '',
        start: time('start', loki.start ?? since, end.getTime() - 3_600_000),
        end,
        limit: limitOf(loki.limit),
      };
      post = loki;
    } else if (config.opensearch) {
      const open = config.opensearch;
      if (!open.address && !open.connection) throw new ActionFailed('logs: address is required');
      if (!open.connection && open.address && (open.username || open.password)) {
        inline = await inlineConnection(context, open.address, open.username, open.password);
      }
      const { labels, text } = openSearchTerms(open.query);
      kind = 'opensearch';
      backend = {
        url: open.address || undefined,
        connection: inline ? inlineRef : open.connection,
        index: open.index,
      };
      search = {
        type: undefined,
        externalId: null,
        labels,
        query: text,
        start: new Date(0),
        end: new Date(now),
        limit: limitOf(open.limit),
      };
      post = open;
    } else {
      throw new ActionFailed('logs: no backend is set');
    }
    const type = logBackendTypes.get(kind);
    if (!type) throw new ActionFailed(`logs: ${kind} is not a logging backend kind here`);
    const secrets = [...context.secrets, inline?.password ?? ''];
    let lines: LogLine[];
    try {
      lines = await type.prepare(backend).search(
        {
          signal: context.signal,
          connection: async (ref, endpoint) =>
            ref === inlineRef && inline
              ? inline
              : context.connections(ref, { endpoint, approved: context.connectionsApproved }),
        },
        search,
      );
    } catch (error) {
      throw new ActionFailed(mask(error instanceof Error ? error.message : String(error), secrets));
    }
    const logs = postProcess(lines, post).map((line) => ({
      ...line,
      message: mask(line.message, secrets),
    }));
    context.output(`${logs.length} lines from ${kind}\n`);
    return { logs, metadata: { backend: kind, total: logs.length } };
  },
});

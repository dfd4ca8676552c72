import { z } from 'zod';
import {
  commonCheckFields,
  defineCheckType,
  errorText,
  failed,
  type CheckOutcome,
} from './check-type.ts';
import {
  apiUrl,
  bodyExcerpt,
  httpConnectionFields,
  requestJson,
  resolveHttpEndpoint,
  type JsonAnswer,
} from './http-endpoint.ts';
import { clientTls, tlsConfigSpec } from './tls-config.ts';

const prometheusCheck = z
  .object({
    ...commonCheckFields,
    ...httpConnectionFields,
    /** Deprecated in canary-checker in favour of `url`; still accepted. */
    host: z.string().min(1).optional(),
    query: z.string().min(1, 'is required'),
    tls: tlsConfigSpec.optional().describe('TLS to the server: CA, client certificate and key'),
  })
  .strict()
  .refine((c) => c.url ?? c.host ?? c.connection, {
    message: 'needs url (or a connection)',
    path: ['url'],
  });

const sample = z.tuple([z.number(), z.string()]);
const labels = z.record(z.string(), z.string());

const queryData = z.discriminatedUnion('resultType', [
  z.object({
    resultType: z.literal('vector'),
    result: z.array(z.object({ metric: labels, value: sample })),
  }),
  z.object({
    resultType: z.literal('matrix'),
    result: z.array(z.object({ metric: labels, values: z.array(sample) })),
  }),
  z.object({ resultType: z.literal('scalar'), result: sample }),
  z.object({ resultType: z.literal('string'), result: sample }),
]);

/** The envelope of Prometheus's HTTP API (/api/v1/query). */
const queryAnswer = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('success'),
    data: queryData,
    warnings: z.array(z.string()).optional(),
  }),
  z.object({ status: z.literal('error'), errorType: z.string(), error: z.string() }),
]);

type Row = Record<string, unknown>;

/** `spec.prometheus[]`: an instant PromQL query; `test` decides what the numbers mean. */
export const prometheusCheckType = defineCheckType({
  type: 'prometheus',
  schema: prometheusCheck,
  endpoint: (check) => check.url ?? check.host ?? check.connection,
  async run(check, ctx) {
    const endpoint = await resolveHttpEndpoint(check, ctx, check.host);
    let answer: JsonAnswer;
    try {
      const tls = check.tls ? await clientTls(check.tls, ctx) : undefined;
      answer = await requestJson(endpoint, {
        ...(tls ? { tls } : {}),
        method: 'POST',
        url: apiUrl(endpoint.url, '/api/v1/query'),
        body: new URLSearchParams({ query: check.query }).toString(),
        contentType: 'application/x-www-form-urlencoded',
        abort: ctx,
      });
    } catch (error) {
      return failed(`prometheus query failed: ${errorText(error)}`);
    }
    return judge(answer);
  },
});

function judge(answer: JsonAnswer): CheckOutcome {
  const parsed = queryAnswer.safeParse(answer.json);
  if (!parsed.success) {
    return failed(
      `unexpected answer from Prometheus (HTTP ${answer.status}): ${bodyExcerpt(answer.body)}`,
    );
  }
  if (parsed.data.status === 'error') {
    const { errorType, error } = parsed.data;
    // bad_data is Prometheus's word for a query it cannot parse or run as written.
    return {
      pass: false,
      invalid: errorType === 'bad_data',
      error: `${errorType}: ${error}`,
      data: {},
    };
  }
  const results = rows(parsed.data.data);
  const first = results[0];
  const warnings = parsed.data.warnings ?? [];
  return {
    pass: true,
    message: `${results.length} series in ${answer.elapsedMs}ms`,
    data: { value: first?.value ?? 0, firstResult: first ?? {}, results },
    detail: warnings.length > 0 ? { warnings } : undefined,
    duration: answer.elapsedMs,
  };
}

/** One row per series: its labels and `value`, as canary-checker exposes them. */
function rows(data: z.infer<typeof queryData>): Row[] {
  switch (data.resultType) {
    case 'vector':
      return data.result.map((series) => ({ ...series.metric, value: number(series.value[1]) }));
    case 'matrix':
      return data.result.map((series) => ({
        ...series.metric,
        value: number(series.values.at(-1)?.[1] ?? 'NaN'),
        values: series.values.map(([time, value]) => ({ time, value: number(value) })),
      }));
    case 'scalar':
      return [{ value: number(data.result[1]) }];
    case 'string':
      return [{ value: data.result[1] }];
  }
}

/** Prometheus writes sample values as strings, with +Inf, -Inf and NaN spelt out. */
function number(text: string): number {
  if (text === '+Inf') return Number.POSITIVE_INFINITY;
  if (text === '-Inf') return Number.NEGATIVE_INFINITY;
  return Number(text);
}

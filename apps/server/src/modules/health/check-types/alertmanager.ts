import { z } from 'zod';
import { checkAlert, gettableAlert } from './alertmanager-alerts.ts';
import { commonCheckFields, defineCheckType, errorText, failed } from './check-type.ts';
import {
  apiUrl,
  bodyExcerpt,
  httpConnectionFields,
  requestJson,
  resolveHttpEndpoint,
  type JsonAnswer,
} from './http-endpoint.ts';

const labelName = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'must be a label name');

const alertmanagerCheck = z
  .object({
    ...commonCheckFields,
    ...httpConnectionFields,
    /** Older canary-checker specs name the URL `host`. */
    host: z.string().min(1).optional(),
    /** Alert names to include, as regular expressions (`.*`, `KubePod.*`). */
    alerts: z.array(z.string().min(1)).optional(),
    /** Label name to a regular expression its value must match. */
    filters: z.record(labelName, z.string()).optional(),
    /** Label name to a value the alert's label must not equal. */
    exclude_filters: z.record(labelName, z.string()).optional(),
    /** Alert names to leave out, as regular expressions. */
    ignore: z.array(z.string().min(1)).optional(),
  })
  .strict()
  .refine((c) => c.url ?? c.host ?? c.connection, {
    message: 'needs url (or a connection)',
    path: ['url'],
  });

type AlertmanagerCheck = z.infer<typeof alertmanagerCheck>;

/** `spec.alertmanager[]`: the alerts Alertmanager holds that match the filters. */
export const alertmanagerCheckType = defineCheckType({
  type: 'alertmanager',
  schema: alertmanagerCheck,
  endpoint: (check) => check.url ?? check.host ?? check.connection,
  async run(check, ctx) {
    const endpoint = await resolveHttpEndpoint(check, ctx, check.host);
    const query = new URLSearchParams();
    for (const matcher of matchers(check)) query.append('filter', matcher);
    let answer: JsonAnswer;
    try {
      answer = await requestJson(endpoint, {
        method: 'GET',
        url: apiUrl(endpoint.url, '/api/v2/alerts', query),
        abort: ctx,
      });
    } catch (error) {
      return failed(`error fetching from alertmanager: ${errorText(error)}`);
    }
    return judge(answer);
  },
});

function judge(answer: JsonAnswer) {
  if (answer.status === 400) {
    // Alertmanager refuses a filter it cannot parse: the spec is wrong, not the target.
    return {
      ...failed(`alertmanager refused the filters: ${bodyExcerpt(answer.body)}`),
      invalid: true,
    };
  }
  const parsed = z.array(gettableAlert).safeParse(answer.json);
  if (answer.status !== 200 || !parsed.success) {
    return failed(
      `unexpected answer from alertmanager (HTTP ${answer.status}): ${bodyExcerpt(answer.body)}`,
    );
  }
  const alerts = parsed.data.map(checkAlert);
  return {
    pass: true,
    message: `${alerts.length} ${alerts.length === 1 ? 'alert' : 'alerts'}`,
    // canary-checker puts its detail under `results`: transforms read results.alerts.
    data: { results: { alerts }, alerts },
    detail: { alerts: alerts.length },
    duration: answer.elapsedMs,
  };
}

/** Alertmanager's filter matchers; every matcher must hold, so the wanted names are one regex. */
export function matchers(check: AlertmanagerCheck): string[] {
  const out: string[] = [];
  for (const [label, value] of Object.entries(check.filters ?? {})) {
    out.push(`${label}=~${quote(value)}`);
  }
  if (check.alerts && check.alerts.length > 0) {
    out.push(`alertname=~${quote(check.alerts.join('|'))}`);
  }
  for (const name of check.ignore ?? []) out.push(`alertname!~${quote(name)}`);
  for (const [label, value] of Object.entries(check.exclude_filters ?? {})) {
    out.push(`${label}!=${quote(value)}`);
  }
  return out;
}

function quote(value: string): string {
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

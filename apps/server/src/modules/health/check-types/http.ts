import { z } from 'zod';
import {
  commonCheckFields,
  defineCheckType,
  envVar,
  envVarObject,
  errorText,
  failed,
  type EnvVar,
} from './check-type.ts';
import { durationFromNanos } from '../expressions/cel-functions/durations.ts';
import { authenticatedExchange } from './http-auth.ts';
import { crawlSite, crawlSpec } from './http-crawl.ts';
import { oauth2Spec } from './http-oauth2.ts';
import { defaultMaxRedirects, followRedirects } from './http-redirects.ts';
import type { HttpAnswer } from './http-request.ts';
import { awsSigV4Spec } from './http-sigv4.ts';
import { jsonPathValue } from './json-path.ts';
import { namedEnvVar } from './script-environment.ts';
import { checkTemplateData, renderConnectionField, renderField } from './spec-template.ts';

const header = envVarObject.extend({ name: z.string().min(1) });

/** A url, or one whose `{{ … }}` / `$( … )` parts are filled in at run time. */
const templatedUrl = z
  .string()
  .refine((v) => /\{\{|\$\(/.test(v) || URL.canParse(v), { message: 'Invalid URL' });

const httpCheck = z
  .object({
    ...commonCheckFields,
    url: templatedUrl.optional(),
    endpoint: templatedUrl.optional(),
    /** Values for `{{ .name }}` / `$(name)` in url and a templated body. */
    env: z.array(namedEnvVar).optional(),
    /** Render `body` as a Go template before sending it. */
    templateBody: z.boolean().optional(),
    method: z.enum(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']).optional(),
    headers: z.array(header).optional(),
    body: z.string().optional(),
    username: envVar.optional(),
    password: envVar.optional(),
    ntlm: z.boolean().optional(),
    ntlmv2: z.boolean().optional(),
    digest: z.boolean().optional().describe('HTTP digest auth (RFC 7616) with username/password'),
    oauth2: oauth2Spec
      .optional()
      .describe('OAuth2 client credentials; username and password are the client id and secret'),
    awsSigV4: awsSigV4Spec.optional().describe('Signs the request with AWS Signature Version 4'),
    crawl: crawlSpec
      .optional()
      .describe(
        'Follows links from url and fails on pages that error (canary-checker’s colly crawl)',
      ),
    maxRedirects: z
      .number()
      .int()
      .nonnegative()
      .optional()
      .describe('Redirects followed (default 10); 0 answers the redirect itself'),
    responseCodes: z.array(z.number().int().min(100).max(599)).optional(),
    responseContent: z.string().optional(),
    responseJSONContent: z.object({ path: z.string(), value: z.string() }).strict().optional(),
    thresholdMillis: z.number().int().positive().optional(),
    maxSSLExpiry: z.number().int().nonnegative().optional(),
    tlsConfig: z
      .object({
        insecureSkipVerify: z.boolean().optional(),
        ca: envVar.optional(),
        cert: envVar.optional(),
        key: envVar.optional(),
      })
      .strict()
      .optional(),
  })
  .strict()
  .refine((c) => c.url !== undefined || c.endpoint !== undefined || c.connection !== undefined, {
    message: 'needs url (or the legacy endpoint, or a connection with a url)',
    path: ['url'],
  });

type HttpCheck = z.infer<typeof httpCheck>;

/** `spec.http[]`: an HTTP(S) request on a fresh connection, and what its answer must be. */
export const httpCheckType = defineCheckType({
  type: 'http',
  schema: httpCheck,
  endpoint: (check) => check.url ?? check.endpoint,
  async run(check, ctx) {
    const templated = needsTemplates(check);
    const data = templated ? await checkTemplateData(check, ctx) : {};
    const declared = check.url ?? check.endpoint;
    const own = declared && templated ? renderConnectionField('url', declared, data) : declared;
    const connection = check.connection ? await ctx.connection(check.connection, own) : undefined;
    const url = own ?? connection?.url ?? '';
    if (check.crawl) return crawlSite(url, check.crawl, ctx);
    const body =
      check.templateBody === true && check.body !== undefined
        ? renderField('body', check.body, data)
        : check.body;
    // Most probes set none of these; an await each would cost a promise and a turn apiece.
    const value = (source: EnvVar | undefined) =>
      source === undefined ? undefined : ctx.resolveValue(source);
    const username = (await value(check.username)) ?? connection?.username ?? undefined;
    const password = (await value(check.password)) ?? connection?.password ?? undefined;
    const headers: Record<string, string> = {};
    for (const h of check.headers ?? []) {
      headers[h.name] = (await ctx.resolveValue(h)) ?? '';
    }
    const tls = check.tlsConfig;
    let answer: HttpAnswer;
    try {
      const exchange = authenticatedExchange(
        {
          username,
          password,
          digest: check.digest === true,
          oauth2: check.oauth2,
          awsSigV4: check.awsSigV4,
        },
        ctx,
      );
      const probe = {
        url,
        method: check.method ?? (body === undefined ? 'GET' : 'POST'),
        headers,
        body,
        auth: username !== undefined ? { username, password: password ?? '' } : undefined,
        ntlm: check.ntlm === true || check.ntlmv2 === true,
        insecureSkipVerify:
          tls?.insecureSkipVerify ??
          check.awsSigV4?.skipTLSVerify ??
          connection?.insecureTls ??
          false,
        ca: await value(tls?.ca),
        cert: await value(tls?.cert),
        key: await value(tls?.key),
        abort: ctx,
      };
      answer = await followRedirects(probe, check.maxRedirects ?? defaultMaxRedirects, exchange);
    } catch (error) {
      return failed(errorText(error));
    }
    return judge(check, answer);
  },
});

/** Most probes template nothing; they skip resolving the canary's and their own env. */
function needsTemplates(check: HttpCheck): boolean {
  const url = check.url ?? check.endpoint ?? '';
  return check.templateBody === true || url.includes('{{') || url.includes('$(');
}

const noCertificate = durationFromNanos(0n);

/** canary-checker's `sslAge`: a duration until the certificate expires, zero over plain HTTP. */
function sslAge(msLeft: number | undefined): unknown {
  return msLeft === undefined ? noCertificate : durationFromNanos(BigInt(msLeft) * 1_000_000n);
}

function judge(check: HttpCheck, answer: HttpAnswer) {
  const json = parseJson(answer);
  const data = {
    code: answer.status,
    headers: answer.headers,
    elapsed: answer.elapsedMs,
    content: answer.body,
    json,
    sslAge: sslAge(answer.certificateMsLeft),
  };
  const detail = { code: answer.status, elapsed: answer.elapsedMs };
  const result = (error?: string) =>
    error === undefined
      ? {
          pass: true,
          message: `${answer.status} in ${answer.elapsedMs}ms`,
          data,
          detail,
          duration: answer.elapsedMs,
        }
      : { pass: false, error, data, detail, duration: answer.elapsedMs };
  const codes = check.responseCodes;
  const codeOk = codes
    ? codes.includes(answer.status)
    : answer.status >= 200 && answer.status < 400;
  if (!codeOk) {
    const expected = codes ? codes.join(', ') : '2xx or 3xx';
    return result(`response code ${answer.status}, expected ${expected}`);
  }
  if (check.responseContent !== undefined && !answer.body.includes(check.responseContent)) {
    return result(`response does not contain "${check.responseContent}"`);
  }
  if (check.responseJSONContent) {
    const { path, value } = check.responseJSONContent;
    if (json === undefined) return result('response is not JSON');
    const found = jsonPathValue(json, path);
    if (found === undefined) return result(`${path} is not in the response`);
    const text = typeof found === 'string' ? found : JSON.stringify(found);
    if (text !== value) return result(`${path} is ${text}, expected ${value}`);
  }
  if (check.thresholdMillis !== undefined && answer.elapsedMs > check.thresholdMillis) {
    return result(
      `response took ${answer.elapsedMs}ms, over the ${check.thresholdMillis}ms threshold`,
    );
  }
  if (check.maxSSLExpiry !== undefined && answer.certificateDaysLeft !== undefined) {
    if (answer.certificateDaysLeft < check.maxSSLExpiry) {
      return result(
        `certificate expires in ${answer.certificateDaysLeft} days, under the ${check.maxSSLExpiry} day minimum`,
      );
    }
  }
  return result();
}

function parseJson(answer: HttpAnswer): unknown {
  const type = answer.headers['content-type'] ?? '';
  const body = answer.body.trimStart();
  if (!type.includes('json') && !body.startsWith('{') && !body.startsWith('[')) return undefined;
  try {
    return JSON.parse(answer.body);
  } catch {
    return undefined;
  }
}

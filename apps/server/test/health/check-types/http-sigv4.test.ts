import { createHash, createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCanarySpec } from '../../../src/modules/health/canaries/canary-spec.ts';
import { runCheck } from './check-context.ts';
import { echo, recordingServer, type SeenRequest } from './http-servers.ts';

let server: Awaited<ReturnType<typeof recordingServer>>;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const hmac = (key: Buffer | string, text: string) =>
  createHmac('sha256', key).update(text).digest();

/** Recomputes the signature from the AWS SigV4 specification, as an AWS endpoint would. */
function verify(request: SeenRequest, secret: string): string | undefined {
  const header = String(request.headers.authorization ?? '');
  const match =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/.exec(
      header,
    );
  if (!match) return 'malformed authorization';
  const [, , day, region, service, signedHeaders, signature] = match;
  const amzDate = String(request.headers['x-amz-date'] ?? '');
  const url = new URL(request.url, 'http://x');
  const query = [...url.searchParams]
    .sort()
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
    .join('&');
  const names = (signedHeaders ?? '').split(';');
  const canonicalHeaders = names
    .map((n) => `${n}:${String(request.headers[n] ?? '').trim()}\n`)
    .join('');
  const canonical = [
    request.method,
    url.pathname,
    query,
    canonicalHeaders,
    signedHeaders,
    sha256(request.body),
  ].join('\n');
  const scope = `${day}/${region}/${service}/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n');
  let key = hmac(`AWS4${secret}`, day ?? '');
  for (const part of [region ?? '', service ?? '', 'aws4_request']) key = hmac(key, part);
  return hmac(key, toSign).toString('hex') === signature ? undefined : 'signature does not match';
}

beforeAll(async () => {
  server = await recordingServer((request, response) => {
    const problem = verify(request, 'test-secret');
    if (problem) {
      response.statusCode = 403;
      response.end(problem);
      return;
    }
    echo(request, response);
  });
});

afterAll(() => server.close());

describe('http check awsSigV4', () => {
  it('signs the request as the http_aws_sigv4_pass fixture expects', async () => {
    const outcome = await runCheck('http', {
      url: `${server.base}/headers?b=2&a=1`,
      method: 'POST',
      body: '{"x":1}',
      headers: [{ name: 'X-Custom', value: 'yes' }],
      awsSigV4: {
        accessKey: { value: 'test-key' },
        secretKey: { value: 'test-secret' },
        sessionToken: { value: 'session' },
        region: 'us-east-1',
        service: 'execute-api',
      },
    });
    expect(outcome.pass).toBe(true);
    expect(outcome.data.json).toMatchObject({
      headers: {
        Authorization: expect.stringMatching(
          /^AWS4-HMAC-SHA256 Credential=test-key\/\d{8}\/us-east-1\/execute-api\/aws4_request, SignedHeaders=[^,]*x-custom/,
        ),
        'X-Amz-Security-Token': 'session',
      },
    });
  });

  it('is refused by the endpoint when the secret is wrong', async () => {
    const outcome = await runCheck('http', {
      url: `${server.base}/headers`,
      awsSigV4: { accessKey: 'test-key', secretKey: 'other', region: 'eu-west-1', service: 's3' },
    });
    expect([outcome.pass, outcome.data.code, outcome.data.content]).toEqual([
      false,
      403,
      'signature does not match',
    ]);
  });

  it('refuses what it cannot do, naming the field', () => {
    const at = (awsSigV4: unknown) =>
      parseCanarySpec({ http: [{ name: 'x', url: server.base, awsSigV4 }] });
    expect(at({ secretKey: 'x' })).toMatchObject({
      ok: false,
      field: 'spec.http[0].awsSigV4.accessKey',
    });
    expect(at({ accessKey: 'a', secretKey: 'b', assumeRole: 'arn:aws:iam::1:role/x' })).toEqual({
      ok: false,
      field: 'spec.http[0].awsSigV4.assumeRole',
      message: 'is not supported: Vigil signs with the given keys and assumes no role',
    });
  });
});

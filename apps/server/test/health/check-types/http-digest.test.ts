import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  digestAuthorization,
  digestChallenge,
} from '../../../src/modules/health/check-types/http-digest.ts';
import { parseCanarySpec } from '../../../src/modules/health/canaries/canary-spec.ts';
import { runCheck } from './check-context.ts';
import { recordingServer, type SeenRequest } from './http-servers.ts';

let server: Awaited<ReturnType<typeof recordingServer>>;
const nonces = new Set<string>();

/** RFC 7616 §3.4.1, written from the RFC: the response the server expects. */
function expected(request: SeenRequest, fields: Record<string, string>, password: string): string {
  const algorithm = fields.algorithm ?? 'MD5';
  const h = (text: string) =>
    createHash(algorithm.startsWith('SHA-256') ? 'sha256' : 'md5')
      .update(text)
      .digest('hex');
  let ha1 = h(`${fields.username}:${fields.realm}:${password}`);
  if (algorithm.endsWith('-sess')) ha1 = h(`${ha1}:${fields.nonce}:${fields.cnonce}`);
  const ha2 = h(`${request.method}:${fields.uri}`);
  return h(`${ha1}:${fields.nonce}:${fields.nc}:${fields.cnonce}:${fields.qop}:${ha2}`);
}

function parseAuthorization(header: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const match of header.replace(/^Digest /, '').matchAll(/(\w+)=(?:"([^"]*)"|([^,\s]+))/g)) {
    out[match[1] ?? ''] = match[2] ?? match[3] ?? '';
  }
  return out;
}

beforeAll(async () => {
  // httpbin's /digest-auth/{qop}/{user}/{passwd}/{algorithm}
  server = await recordingServer((request, response) => {
    const [, , qop, user, password, algorithm = 'MD5'] = request.url.split('/');
    const header = request.headers.authorization ?? '';
    const fields = parseAuthorization(header);
    const valid =
      header.startsWith('Digest ') &&
      nonces.has(fields.nonce ?? '') &&
      fields.username === user &&
      fields.uri === request.url &&
      fields.qop === qop &&
      fields.opaque === 'op4que' &&
      fields.response === expected(request, fields, password ?? '');
    if (!valid) {
      const nonce = randomBytes(12).toString('hex');
      nonces.add(nonce);
      response.statusCode = 401;
      response.setHeader(
        'www-authenticate',
        `Digest realm="me@kennethreitz.com", nonce="${nonce}", qop="${qop}", opaque="op4que", algorithm=${algorithm}, stale=FALSE`,
      );
      response.end();
      return;
    }
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ authenticated: true, user }));
  });
});

afterAll(() => server.close());

describe('http check digest auth', () => {
  it('authenticates as the http_digest_pass fixture expects, with MD5 and SHA-256', async () => {
    for (const algorithm of ['MD5', 'SHA-256', 'MD5-sess']) {
      const pass = await runCheck('http', {
        url: `${server.base}/digest-auth/auth/user/pass/${algorithm}`,
        username: { value: 'user' },
        password: { value: 'pass' },
        digest: true,
        responseCodes: [200],
      });
      expect([algorithm, pass.pass, pass.data.json]).toEqual([
        algorithm,
        true,
        { authenticated: true, user: 'user' },
      ]);
    }
  });

  it('gets the 401 with a wrong password (the fixture digest-auth-fail)', async () => {
    const fail = await runCheck('http', {
      url: `${server.base}/digest-auth/auth/user/pass`,
      username: { value: 'user' },
      password: { value: 'wrong' },
      digest: true,
      responseCodes: [401],
    });
    expect([fail.pass, fail.data.code]).toEqual([true, 401]);
  });

  it('computes the response of RFC 7616 §3.9.1', () => {
    const challenge = digestChallenge(
      'Digest realm="http-auth@example.org", qop="auth, auth-int", algorithm=SHA-256, ' +
        'nonce="7ypf/xlj9XXwfDPEoM4URrv/xwf94BcCAzFZH4GiTo0v", ' +
        'opaque="FQhe/qaU925kfnzjCev0ciny7QMkPqMAFRtzCUYo5tdS", Basic realm="x"',
    );
    expect(challenge).toBeDefined();
    const input = {
      username: 'Mufasa',
      password: 'Circle of Life',
      method: 'GET',
      uri: '/dir/index.html',
      body: undefined,
      cnonce: 'f2/wE4q74E6zIJEtWaHKaf5wv/H5QzzpXusqGemxURZJ',
      nc: 1,
    };
    const sha = digestAuthorization(challenge ?? {}, input);
    expect(sha).toContain(
      'response="753927fa0e85d155564e2e272a28d1802ca10daf4496794697cf8db5856cb6c1"',
    );
    const md5 = digestAuthorization({ ...challenge, algorithm: 'MD5' }, input);
    expect(md5).toContain('response="8ca523f5e9506fed4657c9700eebdbec"');
  });

  it('refuses a digest that is not a boolean, naming the field', () => {
    const result = parseCanarySpec({ http: [{ name: 'x', url: server.base, digest: 'yes' }] });
    expect(result).toMatchObject({ ok: false, field: 'spec.http[0].digest' });
  });
});

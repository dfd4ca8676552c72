import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCanarySpec } from '../../../src/modules/health/canaries/canary-spec.ts';
import { runCheck } from './check-context.ts';
import { echo, recordingServer } from './http-servers.ts';

let server: Awaited<ReturnType<typeof recordingServer>>;
let issued = 0;

beforeAll(async () => {
  server = await recordingServer((request, response) => {
    const form = new URLSearchParams(request.body);
    const basic = `Basic ${Buffer.from('demo-backend-client:MJlO3binatD9jk1').toString('base64')}`;
    if (request.url === '/oauth/v2/oauth-token' || request.url === '/params-only') {
      const byHeader =
        request.url === '/oauth/v2/oauth-token' && request.headers.authorization === basic;
      const byParams =
        form.get('client_id') === 'demo-backend-client' &&
        form.get('client_secret') === 'MJlO3binatD9jk1';
      const ok =
        request.method === 'POST' &&
        request.headers['content-type'] === 'application/x-www-form-urlencoded' &&
        form.get('grant_type') === 'client_credentials' &&
        form.get('scope') === 'read write' &&
        form.get('audience') === 'vigil' &&
        (byHeader || byParams);
      response.setHeader('content-type', 'application/json');
      if (!ok) {
        response.statusCode = 401;
        response.end(JSON.stringify({ error: 'invalid_client' }));
        return;
      }
      issued += 1;
      response.end(
        JSON.stringify({ access_token: `tok-${issued}`, token_type: 'bearer', expires_in: 300 }),
      );
      return;
    }
    echo(request, response);
  });
});

afterAll(() => server.close());

const fixture = (tokenPath: string, secret = 'MJlO3binatD9jk1') => ({
  url: `${server.base}/get`,
  username: { value: 'demo-backend-client' },
  password: { value: secret },
  oauth2: {
    tokenURL: `${server.base}${tokenPath}`,
    scope: ['read', 'write'],
    params: { audience: 'vigil' },
  },
});

describe('http check oauth2 (client credentials)', () => {
  it('fetches a token with basic client auth, sends it as Bearer and reuses it', async () => {
    const first = await runCheck('http', fixture('/oauth/v2/oauth-token'));
    expect(first.pass).toBe(true);
    // The http_oauth2_pass fixture's test: json.headers.Authorization.startsWith("Bearer ")
    expect(first.data.json).toMatchObject({ headers: { Authorization: 'Bearer tok-1' } });
    const second = await runCheck('http', fixture('/oauth/v2/oauth-token'));
    expect(second.data.json).toMatchObject({ headers: { Authorization: 'Bearer tok-1' } });
    expect(issued).toBe(1);
  });

  it('falls back to client_id and client_secret in the form when basic auth is refused', async () => {
    const outcome = await runCheck('http', fixture('/params-only'));
    expect(outcome.pass).toBe(true);
    expect(outcome.data.json).toMatchObject({ headers: { Authorization: 'Bearer tok-2' } });
  });

  it('fails, saying why, when the token endpoint refuses the client', async () => {
    const outcome = await runCheck('http', fixture('/params-only', 'wrong'));
    expect(outcome.pass).toBe(false);
    expect(outcome.error).toBe(
      'error fetching oauth access token: oauth2: cannot fetch token: 401 invalid_client',
    );
  });

  it('refuses an oauth2 without tokenURL or with an unknown field, naming it', () => {
    const at = (oauth2: unknown) =>
      parseCanarySpec({ http: [{ name: 'x', url: server.base, oauth2 }] });
    expect(at({ scope: ['read'] })).toMatchObject({
      ok: false,
      field: 'spec.http[0].oauth2.tokenURL',
    });
    expect(at({ tokenURL: server.base, clientID: 'x' })).toEqual({
      ok: false,
      field: 'spec.http[0].oauth2.clientID',
      message: 'is not a known field',
    });
  });
});

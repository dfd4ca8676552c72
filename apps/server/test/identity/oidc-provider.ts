import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import http from 'node:http';

/**
 * A small OpenID Connect provider on loopback for tests: discovery, JWKS, an authorize
 * endpoint that approves at once as `nextUser`, and a token endpoint that checks the client
 * secret and PKCE and answers an RS256-signed ID token.
 */
export interface TestOidcUser {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  /** Any further claims (an organisation, a role). */
  [claim: string]: unknown;
}

export interface TestOidcProvider {
  readonly issuer: string;
  nextUser: TestOidcUser;
  /** Merged into the next ID tokens, e.g. a wrong nonce, to test that they are refused. */
  idTokenOverrides: Record<string, unknown>;
  readonly requests: string[];
  /** The query of each authorize request and the form of each token request. */
  readonly authorizeRequests: URLSearchParams[];
  readonly tokenRequests: URLSearchParams[];
  /** The Authorization header of each userinfo request. */
  readonly userinfoRequests: string[];
  /** Every ID token issued, and the query of each end-session (RP-initiated logout) request. */
  readonly idTokens: string[];
  readonly endSessionRequests: URLSearchParams[];
  close(): Promise<void>;
}

export async function startOidcProvider(
  clientId: string,
  clientSecret: string,
  options: { readonly endSession?: boolean } = {},
): Promise<TestOidcProvider> {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const kid = 'test-key';
  const codes = new Map<
    string,
    { nonce: string; challenge: string; redirect: string; user: TestOidcUser }
  >();
  const userinfo = new Map<string, TestOidcUser>();
  const b64 = (value: string | Buffer): string => Buffer.from(value).toString('base64url');
  let issuer = '';
  const provider: TestOidcProvider = {
    get issuer() {
      return issuer;
    },
    nextUser: {
      sub: 'user-1',
      email: 'someone@example.com',
      email_verified: true,
      name: 'Some One',
    },
    idTokenOverrides: {},
    requests: [],
    authorizeRequests: [],
    tokenRequests: [],
    idTokens: [],
    endSessionRequests: [],
    userinfoRequests: [],
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const json = (res: http.ServerResponse, status: number, body: unknown): void => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', issuer);
    provider.requests.push(url.pathname);
    if (url.pathname === '/.well-known/openid-configuration') {
      return json(res, 200, {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        userinfo_endpoint: `${issuer}/userinfo`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
        code_challenge_methods_supported: ['S256'],
        ...(options.endSession ? { end_session_endpoint: `${issuer}/end-session` } : {}),
      });
    }
    if (url.pathname === '/jwks') {
      return json(res, 200, {
        keys: [{ ...publicKey.export({ format: 'jwk' }), kid, alg: 'RS256', use: 'sig' }],
      });
    }
    if (url.pathname === '/userinfo') {
      const authorization = req.headers.authorization ?? '';
      provider.userinfoRequests.push(authorization);
      const user = userinfo.get(authorization.replace(/^Bearer /, ''));
      return user ? json(res, 200, user) : json(res, 401, { error: 'invalid_token' });
    }
    if (url.pathname === '/end-session' && options.endSession) {
      provider.endSessionRequests.push(url.searchParams);
      res.writeHead(302, { location: url.searchParams.get('post_logout_redirect_uri') ?? issuer });
      return res.end();
    }
    if (url.pathname === '/authorize') {
      provider.authorizeRequests.push(url.searchParams);
      const code = randomBytes(16).toString('hex');
      codes.set(code, {
        nonce: url.searchParams.get('nonce') ?? '',
        challenge: url.searchParams.get('code_challenge') ?? '',
        redirect: url.searchParams.get('redirect_uri') ?? '',
        user: provider.nextUser,
      });
      const back = new URL(url.searchParams.get('redirect_uri') ?? '');
      back.searchParams.set('code', code);
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      res.writeHead(302, { location: back.href });
      return res.end();
    }
    if (url.pathname === '/token' && req.method === 'POST') {
      let raw = '';
      req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      req.on('end', () => {
        const form = new URLSearchParams(raw);
        provider.tokenRequests.push(form);
        const basic = Buffer.from(
          (req.headers.authorization ?? '').replace(/^Basic /, ''),
          'base64',
        ).toString('utf8');
        const [basicId, basicSecret] = basic.split(':').map((part) => decodeURIComponent(part));
        const id = basicId || form.get('client_id');
        const secret = basicSecret ?? form.get('client_secret');
        const grant = codes.get(form.get('code') ?? '');
        const verifier = form.get('code_verifier') ?? '';
        const challenge = createHash('sha256').update(verifier).digest('base64url');
        if (id !== clientId || secret !== clientSecret)
          return json(res, 401, { error: 'invalid_client' });
        if (
          !grant ||
          grant.challenge !== challenge ||
          grant.redirect !== form.get('redirect_uri')
        ) {
          return json(res, 400, { error: 'invalid_grant' });
        }
        codes.delete(form.get('code') ?? '');
        const now = Math.floor(Date.now() / 1000);
        const header = b64(JSON.stringify({ alg: 'RS256', kid, typ: 'JWT' }));
        const payload = b64(
          JSON.stringify({
            iss: issuer,
            aud: clientId,
            iat: now,
            exp: now + 300,
            nonce: grant.nonce,
            ...grant.user,
            ...provider.idTokenOverrides,
          }),
        );
        const signature = sign('sha256', Buffer.from(`${header}.${payload}`), privateKey).toString(
          'base64url',
        );
        const accessToken = randomBytes(16).toString('hex');
        userinfo.set(accessToken, grant.user);
        const idToken = `${header}.${payload}.${signature}`;
        provider.idTokens.push(idToken);
        return json(res, 200, {
          access_token: accessToken,
          token_type: 'Bearer',
          expires_in: 300,
          id_token: idToken,
        });
      });
      return;
    }
    return json(res, 404, { error: 'not_found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  issuer = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return provider;
}

import https from 'node:https';
import { selfSignedCertificate } from '../health/check-types/tls-fixture.ts';
import type { FakeAnswer } from './fake-rest-api.ts';
import { listenOnLoopback } from '../loopback.ts';

/** One request as the fake saw it; `form` is the token request's body. */
export interface FakeAzureCall {
  readonly method: string;
  readonly path: string;
  readonly query: Record<string, string>;
  readonly authorization: string | undefined;
  readonly form?: Record<string, string>;
}

export interface FakeAzureApi {
  /** `https://127.0.0.1:port`: both the AAD authority host and the ARM endpoint. */
  readonly url: string;
  /** The CA (self-signed) the clients must trust. */
  readonly ca: string;
  /** The access token handed out; ARM routes answer 401 without it. */
  readonly accessToken: string;
  readonly calls: FakeAzureCall[];
  /** ARM routes by path (no query); other paths answer 404 ResourceNotFound. */
  readonly routes: Map<string, (call: FakeAzureCall) => FakeAnswer>;
  /** Replaces the token endpoint's answer (e.g. a 401 invalid_client). */
  tokenAnswer: FakeAnswer | undefined;
  close(): Promise<void>;
}

/**
 * A local Azure over TLS: the AAD v2 discovery document and token endpoint of every tenant,
 * and ARM list routes that demand the bearer token the token endpoint issued.
 */
export async function startFakeAzureApi(): Promise<FakeAzureApi> {
  const { key, cert } = selfSignedCertificate(1);
  const accessToken = 'fake-arm-access-token-4711';
  const calls: FakeAzureCall[] = [];
  const routes = new Map<string, (call: FakeAzureCall) => FakeAnswer>();
  const state: { base: string; tokenAnswer: FakeAnswer | undefined } = {
    base: '',
    tokenAnswer: undefined,
  };
  const server = https.createServer({ key, cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', state.base);
      const body = Buffer.concat(chunks).toString('utf8');
      const call: FakeAzureCall = {
        method: req.method ?? '',
        path: decodeURIComponent(url.pathname),
        query: Object.fromEntries(url.searchParams),
        authorization: req.headers.authorization,
        ...(body ? { form: Object.fromEntries(new URLSearchParams(body)) } : {}),
      };
      calls.push(call);
      const answer = answerFor(call, state, routes, accessToken);
      const send = () => {
        if (res.destroyed) return;
        res.writeHead(answer.status ?? 200, { 'content-type': 'application/json' });
        res.end(answer.text ?? JSON.stringify(answer.json ?? null));
      };
      if (answer.delayMs) setTimeout(send, answer.delayMs);
      else send();
    });
  });
  const { port, close } = await listenOnLoopback(server);
  state.base = `https://127.0.0.1:${port}`;
  return {
    url: state.base,
    ca: cert,
    accessToken,
    calls,
    routes,
    get tokenAnswer() {
      return state.tokenAnswer;
    },
    set tokenAnswer(answer) {
      state.tokenAnswer = answer;
    },
    close,
  };
}

function answerFor(
  call: FakeAzureCall,
  state: { base: string; tokenAnswer: FakeAnswer | undefined },
  routes: Map<string, (call: FakeAzureCall) => FakeAnswer>,
  accessToken: string,
): FakeAnswer {
  const discovery = /^\/([^/]+)\/v2\.0\/\.well-known\/openid-configuration$/.exec(call.path);
  if (discovery) {
    const tenant = `${state.base}/${discovery[1] ?? ''}`;
    return {
      json: {
        token_endpoint: `${tenant}/oauth2/v2.0/token`,
        authorization_endpoint: `${tenant}/oauth2/v2.0/authorize`,
        issuer: `${tenant}/v2.0`,
        jwks_uri: `${tenant}/discovery/v2.0/keys`,
      },
    };
  }
  if (/^\/[^/]+\/oauth2\/v2\.0\/token$/.test(call.path)) {
    return (
      state.tokenAnswer ?? {
        json: {
          token_type: 'Bearer',
          expires_in: 3600,
          ext_expires_in: 3600,
          access_token: accessToken,
        },
      }
    );
  }
  if (call.authorization !== `Bearer ${accessToken}`) {
    return { status: 401, json: { error: { code: 'AuthenticationFailed', message: 'no token' } } };
  }
  return (
    routes.get(call.path)?.(call) ?? {
      status: 404,
      json: { error: { code: 'ResourceNotFound', message: `${call.path} not found` } },
    }
  );
}

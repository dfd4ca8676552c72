import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { admin, csrfOf, registerAdmin, useIdentityApp } from '../identity/flow-helpers.ts';
import type { TestBrowser } from '../identity/browser.ts';
import {
  fuzzRuns,
  fuzzSurface,
  plantSecrets,
  schemaDigest,
  sendRaw,
  sentinelSecrets,
  watchWrites,
  type RawRequest,
} from './fuzz-harness.ts';
import {
  contentType,
  deepNesting,
  fillHole,
  hole,
  hostileBody,
  nestedJson,
} from './hostile-bodies.ts';
import { adversarial } from '../data-api/fuzz-values.ts';

const { app, browser } = useIdentityApp();
const kinds = ['login', 'registration', 'settings', 'recovery', 'verification'] as const;
type Kind = (typeof kinds)[number];
type Caller = 'fresh' | 'anonymous' | 'signed-in';

interface Flow {
  readonly kind: Kind;
  readonly caller: Caller;
  readonly id: string;
  readonly csrf: string;
}

let anonymous: TestBrowser;
let signedIn: TestBrowser;
const flows: Flow[] = [];
const secrets: string[] = [...sentinelSecrets];

beforeAll(async () => {
  signedIn = browser();
  await registerAdmin(signedIn);
  anonymous = browser();
  const openers: Record<Kind, (b: TestBrowser) => Promise<{ data: Parameters<typeof csrfOf>[0] }>> =
    {
      login: (b) => b.api.createBrowserLoginFlow(),
      registration: (b) => b.api.createBrowserRegistrationFlow(),
      settings: (b) => b.api.createBrowserSettingsFlow(),
      recovery: (b) => b.api.createBrowserRecoveryFlow(),
      verification: (b) => b.api.createBrowserVerificationFlow(),
    };
  for (const [caller, b] of [
    ['anonymous', anonymous],
    ['signed-in', signedIn],
  ] as const) {
    for (const kind of kinds) {
      // Some flows are refused to some callers (settings when anonymous): those are fuzzed too.
      const opened = await openers[kind](b).catch(() => undefined);
      if (opened) flows.push({ kind, caller, id: opened.data.id, csrf: csrfOf(opened.data) });
    }
  }
  expect(flows.length).toBeGreaterThanOrEqual(6);
  const pool = app().database.db.pool;
  await plantSecrets(pool);
  const { rows } = await pool.query<{ hash: string }>(
    `select credentials->'password'->>'hash' as hash from identities where traits->>'email' = $1`,
    [admin.email],
  );
  secrets.push(...rows.map((row) => row.hash).filter(Boolean));
  secrets.push(...[...signedIn.cookies.values()].filter((value) => value.length >= 32));
});

const word = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom(admin.email, admin.password, 'ada@EXAMPLE.com') },
  { weight: 3, arbitrary: fc.constantFrom(...adversarial) },
  { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.constant(hole) },
);

const form = (csrf: string) =>
  fc.record(
    {
      method: fc.oneof(
        fc.constantFrom('password', 'totp', 'lookup_secret', 'webauthn', 'oidc', 'code', 'link'),
        word,
      ),
      csrf_token: fc.oneof({ weight: 4, arbitrary: fc.constant(csrf) }, word),
      identifier: word,
      password: word,
      email: word,
      code: word,
      totp_code: word,
      lookup_secret_confirm: word,
      provider: word,
      traits: fc.record(
        { email: word, name: fc.record({ first: word, last: word }, { requiredKeys: [] }) },
        { requiredKeys: [] },
      ),
    },
    { requiredKeys: ['method'] },
  );

const flowTarget = fc.oneof(
  { weight: 4, arbitrary: fc.nat().map((i) => flows[i % flows.length]) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom(...kinds), fc.constantFrom(...adversarial))
      .map(([kind, id]): Flow => ({ kind, caller: 'anonymous', id, csrf: 'x' })),
  },
);

interface IdentityInput {
  readonly caller: Caller;
  readonly accept: string;
  readonly method: string;
  readonly path: string;
  readonly contentType?: string;
  readonly body?: string | Buffer;
}

const query = (values: Record<string, string>): string => new URLSearchParams(values).toString();
const queryValue = fc.oneof(fc.constantFrom(...adversarial), fc.webUrl(), fc.constant('/'));

const reads: fc.Arbitrary<Omit<IdentityInput, 'caller' | 'accept'>> = fc.oneof(
  fc
    .tuple(fc.constantFrom(...kinds), fc.constantFrom('return_to', 'refresh', 'aal'), queryValue)
    .map(([kind, key, value]) => ({
      method: 'GET',
      path: `/self-service/${kind}/browser?${query({ [key]: value })}`,
    })),
  flowTarget.map((flow) => ({
    method: 'GET',
    path: `/self-service/${flow?.kind}/flows?${query({ id: flow?.id ?? '' })}`,
  })),
  fc.constantFrom('/sessions/whoami', '/self-service/logout/browser').map((path) => ({
    method: 'GET',
    path,
  })),
  fc
    .tuple(
      fc.constantFrom('logout', 'recovery', 'verification', 'errors'),
      fc.constantFrom('token', 'flow', 'id', 'return_to'),
      queryValue,
    )
    .map(([path, key, value]) => ({
      method: 'GET',
      path: `/self-service/${path}?${query({ [key]: value, token: value })}`,
    })),
);

const submits = flowTarget.chain((flow) =>
  fc.record({
    method: fc.constant('POST'),
    path: fc.constant(`/self-service/${flow?.kind}?${query({ flow: flow?.id ?? '' })}`),
    contentType,
    body: hostileBody(form(flow?.csrf ?? '')),
  }),
);

const input: fc.Arbitrary<IdentityInput> = fc
  .tuple(
    fc.constantFrom<Caller>('fresh', 'anonymous', 'signed-in'),
    fc.constantFrom('application/json', 'text/html', '*/*'),
    fc.oneof({ weight: 1, arbitrary: reads }, { weight: 3, arbitrary: submits }),
  )
  .map(([caller, accept, request]) => ({ caller, accept, ...request }));

function toRequest(value: IdentityInput): RawRequest {
  // The console's own origin, as a browser sends it: the CSRF guard refuses writes without one.
  const headers: Record<string, string> = { accept: value.accept, origin: app().baseUrl };
  if (value.caller !== 'fresh') {
    headers.cookie = (value.caller === 'signed-in' ? signedIn : anonymous).cookieHeader();
  }
  if (value.contentType) headers['content-type'] = value.contentType;
  return {
    method: value.method,
    url: `${app().baseUrl}/api/identity${value.path}`,
    headers,
    ...(value.body !== undefined ? { body: value.body } : {}),
  };
}

/** Each open flow submitted with a 5,000-deep trait, as the SDK would send it. */
function deepSubmissions(): IdentityInput[] {
  const deep = nestedJson(5_000, 'object');
  return flows.map((flow) => ({
    caller: flow.caller,
    accept: 'application/json',
    method: 'POST',
    path: `/self-service/${flow.kind}?${query({ flow: flow.id })}`,
    contentType: 'application/json',
    body: fillHole({ method: 'password', csrf_token: flow.csrf, traits: { name: hole } }, deep),
  }));
}

describe('fuzzing the identity service', () => {
  it.each([
    ['verification', '\u0000'],
    ['recovery', '\u0000'],
    ['login', '\u0000'],
    ['verification', '\udfff'],
    ['recovery', '\ud800'],
  ] as const)(
    'refuses a %s submission holding %j with a 400, writing nothing',
    async (kind, bad) => {
      const pool = app().database.db.pool;
      const digest = await watchWrites(pool, { ignore: ['identity_flows'] });
      const before = await digest();
      for (const flow of flows.filter((f) => f.kind === kind)) {
        const answer = await sendRaw(
          toRequest({
            caller: flow.caller,
            accept: 'application/json',
            method: 'POST',
            path: `/self-service/${kind}?${query({ flow: flow.id })}`,
            contentType: 'application/json',
            body: JSON.stringify({
              method: kind === 'login' ? 'password' : 'code',
              csrf_token: flow.csrf,
              email: `a${bad}@example.com`,
              identifier: bad,
              password: 'x',
            }),
          }),
        );
        expect(answer.status, answer.text).toBe(400);
        expect(answer.text).toContain('is not valid text');
      }
      expect(await digest()).toBe(before);
    },
  );

  it('answers below 500, leaks no secret and writes nothing when it refuses', async () => {
    const pool = app().database.db.pool;
    const schemaBefore = await schemaDigest(pool);
    const digest = await watchWrites(pool, {
      // A refused submission still records its messages on the flow, or an error to show.
      ignore: ['identity_flows', 'identity_flow_errors'],
      countOnly: ['sessions'],
    });
    const linkTokens = () =>
      app().links.map((link) => new URL(link.url).searchParams.get('token') ?? link.url);
    await fuzzSurface({
      name: 'identity',
      input,
      runs: fuzzRuns(600),
      toRequest,
      secrets: () => [...secrets, ...linkTokens()],
      digest,
      examples: deepNesting ? deepSubmissions() : [],
    });
    expect(await schemaDigest(pool)).toEqual(schemaBefore);
  }, 180_000);
});

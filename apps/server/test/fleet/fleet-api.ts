import type { Role } from '@vigil/domain';
import { z } from 'zod';
import { insertIdentity } from '../../src/modules/identity/accounts/identity.repository.ts';
import { defaultIdentityTimes } from '../../src/modules/identity/identity.settings.ts';
import { createActorCache } from '../../src/modules/identity/sessions/actor-cache.ts';
import {
  createSessionService,
  sessionCookie,
} from '../../src/modules/identity/sessions/session.service.ts';
import type { Database } from '../../src/platform/db.ts';

export interface Answer {
  readonly status: number;
  readonly body: string;
}

/** A signed-in browser: a session cookie sent to whichever replica it is pointed at. */
export interface Browser {
  readonly identityId: string;
  request(baseUrl: string, method: string, path: string, body?: unknown): Promise<Answer>;
}

/** A person with a real server-side session, made as sign-in would make it. */
export async function signedIn(
  db: Database,
  secretKey: string,
  email: string,
  roles: Role[],
): Promise<Browser> {
  const identityId = await insertIdentity(
    db.pool,
    { email, name: { first: 'Fleet', last: email.split('@')[0] ?? 'user' } },
    {},
    roles,
  );
  const sessions = createSessionService(
    db,
    { ...defaultIdentityTimes, secretKey, secureCookies: false },
    createActorCache(),
  );
  const { token } = await sessions.issue(db.pool, identityId, 'password', 'aal1');
  const cookie = `${sessionCookie}=${token}`;
  return {
    identityId,
    async request(baseUrl, method, path, body) {
      const headers: Record<string, string> = { accept: 'application/json', cookie };
      if (body !== undefined) headers['content-type'] = 'application/json';
      // The CSRF guard wants the console's Origin on a cookie-signed write.
      if (method !== 'GET') headers.origin = baseUrl;
      const response = await fetch(`${baseUrl}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        redirect: 'manual',
        signal: AbortSignal.timeout(120_000),
      });
      return { status: response.status, body: await response.text() };
    },
  };
}

/** `count` one-check HTTP canaries through the data API, `batch` per POST. */
export async function createCanaries(
  admin: Browser,
  baseUrl: string,
  count: number,
  schedule: string,
  url: string,
  batch = 100,
): Promise<void> {
  for (let start = 0; start < count; start += batch) {
    const rows = [];
    for (let i = start; i < Math.min(count, start + batch); i++) {
      rows.push({
        name: `c-${i}`,
        namespace: 'fleet',
        spec: { schedule, http: [{ name: 'home', url }] },
      });
    }
    const answer = await admin.request(baseUrl, 'POST', '/api/db/canaries', rows);
    if (answer.status !== 201)
      throw new Error(`create canaries: ${answer.status} ${answer.body.slice(0, 300)}`);
  }
}

const whoami = z.object({ payload: z.object({ roles: z.array(z.string()) }) });

/** The roles a replica sees for the browser's session, or the status it answered instead. */
export async function rolesOn(browser: Browser, baseUrl: string): Promise<string[] | number> {
  const answer = await browser.request(baseUrl, 'GET', '/api/auth/whoami');
  if (answer.status !== 200) return answer.status;
  return whoami.parse(JSON.parse(answer.body)).payload.roles;
}

const logoutFlow = z.object({ logout_token: z.string() });

/** Signs the browser out through one replica (the console's logout flow). */
export async function signOut(browser: Browser, baseUrl: string): Promise<void> {
  const flow = await browser.request(baseUrl, 'GET', '/api/identity/self-service/logout/browser');
  const token = logoutFlow.parse(JSON.parse(flow.body)).logout_token;
  const done = await browser.request(
    baseUrl,
    'GET',
    `/api/identity/self-service/logout?token=${token}`,
  );
  if (done.status >= 400) throw new Error(`logout answered ${done.status}: ${done.body}`);
}

/**
 * Polls `probe` until it answers true; answers the milliseconds it took from `since`, or
 * undefined when it never did within `limitMs`.
 */
export async function takesEffect(
  since: number,
  limitMs: number,
  probe: () => Promise<boolean>,
): Promise<number | undefined> {
  while (Date.now() - since <= limitMs) {
    if (await probe()) return Date.now() - since;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return undefined;
}

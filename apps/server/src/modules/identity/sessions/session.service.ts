import { randomToken, sha256 } from '../../../platform/crypto.ts';
import type { Database, Queryable } from '../../../platform/db.ts';
import type { IdentitySettings } from '../identity.settings.ts';
import type { ActorCache } from './actor-cache.ts';
import {
  findSessionByTokenHash,
  insertSession,
  reissueSession,
  revokeSession,
  touchSession,
  type AuthenticationMethod,
  type SessionRecord,
} from './session.repository.ts';

export const sessionCookie = 'vigil_session';

export interface IssuedSession {
  readonly token: string;
  readonly session: SessionRecord;
}

export type SessionService = ReturnType<typeof createSessionService>;

export function createSessionService(db: Database, settings: IdentitySettings, cache: ActorCache) {
  const isLive = (session: SessionRecord, now: number): boolean =>
    session.active &&
    session.expires_at.getTime() > now &&
    now - (session.last_seen_at ?? session.issued_at).getTime() <
      settings.sessionIdleSeconds * 1000;

  return {
    /** The live session for a cookie token, or undefined; refreshes its idle clock. */
    async resolve(token: string | undefined): Promise<SessionRecord | undefined> {
      if (!token) return undefined;
      const session = await findSessionByTokenHash(db.pool, sha256(token));
      if (!session || !isLive(session, Date.now())) return undefined;
      await touchSession(db.pool, session.id);
      return session;
    },

    async issue(
      client: Queryable,
      identityId: string,
      method: string,
      aal: 'aal1' | 'aal2',
    ): Promise<IssuedSession> {
      const token = randomToken();
      const session = await insertSession(client, {
        identityId,
        tokenHash: sha256(token),
        aal,
        methods: [methodEntry(method, aal)],
        expiresAt: new Date(Date.now() + settings.sessionLifetimeSeconds * 1000),
      });
      return { token, session };
    },

    /** A fresh token whenever the session's privileges change (re-auth, step-up to AAL2). */
    async elevate(
      client: Queryable,
      session: SessionRecord,
      method: string,
      aal: 'aal1' | 'aal2',
    ): Promise<IssuedSession> {
      const token = randomToken();
      cache.forgetSession(session.id);
      const methods = [...session.authentication_methods, methodEntry(method, aal)];
      const highest = aal === 'aal2' || session.aal === 'aal2' ? 'aal2' : 'aal1';
      const updated = await reissueSession(client, session.id, {
        tokenHash: sha256(token),
        aal: highest,
        methods,
      });
      return { token, session: updated };
    },

    isPrivileged(session: SessionRecord): boolean {
      return Date.now() - session.authenticated_at.getTime() < settings.privilegedSeconds * 1000;
    },

    async revoke(session: SessionRecord): Promise<void> {
      await revokeSession(db.pool, session.id);
      cache.forgetSession(session.id);
    },

    cookieOptions(maxAgeSeconds = settings.sessionLifetimeSeconds) {
      return {
        path: '/',
        httpOnly: true,
        sameSite: 'lax' as const,
        secure: settings.secureCookies,
        maxAge: maxAgeSeconds,
      };
    },
  };
}

function methodEntry(method: string, aal: 'aal1' | 'aal2'): AuthenticationMethod {
  return { method, aal, completed_at: new Date().toISOString() };
}

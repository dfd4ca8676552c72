import { sha256 } from '../../platform/crypto.ts';
import type { Database } from '../../platform/db.ts';
import { anonymousActor, type Authenticator } from '../../platform/http/actor.ts';
import type { IdentitySettings } from './identity.settings.ts';
import type { ActorCache } from './sessions/actor-cache.ts';
import { findSessionActor, touchSession } from './sessions/session.repository.ts';
import { sessionCookie } from './sessions/session.service.ts';

/**
 * The actor behind the session cookie. A session that has not passed the second factor its
 * identity has enrolled is treated as signed out here; whoami tells the browser to step up.
 */
export function sessionAuthenticator(
  db: Database,
  settings: IdentitySettings,
  cache: ActorCache,
): Authenticator {
  return async (request) => {
    const token = request.cookies[sessionCookie];
    if (!token) return anonymousActor;
    const tokenHash = sha256(token);
    const cached = cache.get(tokenHash);
    if (cached) return cached;
    const stamp = cache.stamp();
    const found = await findSessionActor(db.pool, tokenHash, settings.sessionIdleSeconds);
    if (!found || found.needs_aal2) return anonymousActor;
    if (found.stale) await touchSession(db.pool, found.session_id);
    const actor = { kind: 'user' as const, id: found.identity_id, roles: found.roles };
    cache.set(tokenHash, found.session_id, actor, stamp);
    return actor;
  };
}

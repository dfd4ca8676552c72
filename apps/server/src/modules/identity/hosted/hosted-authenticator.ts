import { sha256 } from '../../../platform/crypto.ts';
import type { Database } from '../../../platform/db.ts';
import { anonymousActor, type Authenticator } from '../../../platform/http/actor.ts';
import type { IdentitySettings } from '../identity.settings.ts';
import type { ActorCache } from '../sessions/actor-cache.ts';
import { touchSession } from '../sessions/session.repository.ts';
import { sessionCookie } from '../sessions/session.service.ts';
import { findHostedSession, findMembership } from './organizations.repository.ts';

/**
 * Hosted mode: the actor behind the session cookie, with the roles of its membership in the
 * session's organisation. A session with no organisation it belongs to acts as no one.
 */
export function hostedSessionAuthenticator(
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
    const found = await findHostedSession(db.pool, tokenHash, settings.sessionIdleSeconds);
    if (!found?.organization_id) return anonymousActor;
    const membership = await findMembership(db.pool, found.organization_id, found.identity_id);
    if (!membership) return anonymousActor;
    if (found.stale) await touchSession(db.pool, found.session_id);
    // Until its schema is ready the organisation has no data: area routes answer 503.
    const actor = {
      kind: 'user' as const,
      id: found.identity_id,
      roles: membership.roles,
      ...(membership.status === 'ready' ? { organization: membership.id } : {}),
    };
    cache.set(tokenHash, found.session_id, actor, stamp);
    return actor;
  };
}

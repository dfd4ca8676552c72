import { insertIdentity } from '../apps/server/src/modules/identity/accounts/identity.repository.ts';
import { defaultIdentityTimes } from '../apps/server/src/modules/identity/identity.settings.ts';
import { createActorCache } from '../apps/server/src/modules/identity/sessions/actor-cache.ts';
import {
  createSessionService,
  sessionCookie,
} from '../apps/server/src/modules/identity/sessions/session.service.ts';
import type { Database } from '../apps/server/src/platform/db.ts';

/**
 * A viewer with a real session: the benchmark's requests pay for the session lookup and the
 * permission check like any browser's.
 */
export async function signInViewer(db: Database): Promise<string> {
  const id = await insertIdentity(
    db.pool,
    { email: 'bench-viewer@example.com', name: { first: 'Bench', last: 'Viewer' } },
    {},
    ['viewer'],
  );
  const settings = {
    ...defaultIdentityTimes,
    secretKey: 'bench-secret-key'.repeat(4),
    secureCookies: false,
  };
  const sessions = createSessionService(db, settings, createActorCache());
  const { token } = await sessions.issue(db.pool, id, 'password', 'aal1');
  return `${sessionCookie}=${token}`;
}

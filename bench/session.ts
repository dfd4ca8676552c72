import { insertIdentity } from '../apps/server/src/modules/identity/accounts/identity.repository.ts';
import { sessionCookie } from '../apps/server/src/modules/identity/sessions/session.service.ts';
import type { Database } from '../apps/server/src/platform/db.ts';
import type { Api } from '../apps/server/src/routes.ts';

/**
 * A viewer with a real session: the benchmark's requests pay for the session lookup and the
 * permission check like any browser's.
 */
export async function signInViewer(db: Database, api: Api): Promise<string> {
  const id = await insertIdentity(
    db.pool,
    { email: 'bench-viewer@example.com', name: { first: 'Bench', last: 'Viewer' } },
    {},
    ['viewer'],
  );
  const { token } = await api.identity.sessions.issue(db.pool, id, 'password', 'aal1');
  return `${sessionCookie}=${token}`;
}

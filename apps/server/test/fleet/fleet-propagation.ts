import type { Database } from '../../src/platform/db.ts';
import { rolesOn, signOut, signedIn, takesEffect, type Browser } from './fleet-api.ts';

export interface Propagation {
  /** ms from the write on one replica until another replica acts on it; undefined: never. */
  readonly sessionRevokedMs: number | undefined;
  readonly roleChangedMs: number | undefined;
  readonly settingSavedMs: number | undefined;
  /** ms until a canary created on one replica shows in another's health summary. */
  readonly summaryFreshMs: number | undefined;
}

const limitMs = 15_000;

/** Writes through replica `a`, then times how long replica `b` takes to act on each write. */
export async function measurePropagation(
  db: Database,
  secretKey: string,
  admin: Browser,
  a: string,
  b: string,
  targetUrl: string,
): Promise<Propagation> {
  const tag = Date.now().toString(36);
  // Each browser is used on `b` first, so that `b` holds its session in its actor cache.
  const leaving = await signedIn(db, secretKey, `leaving-${tag}@example.com`, ['editor']);
  await rolesOn(leaving, b);
  await rolesOn(leaving, b);
  // Timed from the write's answer: from then on it is committed and every replica must act on it.
  await signOut(leaving, a);
  let since = Date.now();
  const sessionRevokedMs = await takesEffect(
    since,
    limitMs,
    async () => (await rolesOn(leaving, b)) === 401,
  );

  const demoted = await signedIn(db, secretKey, `demoted-${tag}@example.com`, ['editor']);
  await rolesOn(demoted, b);
  const changed = await admin.request(a, 'POST', `/api/rbac/${demoted.identityId}/update_role`, {
    roles: ['viewer'],
  });
  if (changed.status !== 200) throw new Error(`update_role answered ${changed.status}`);
  since = Date.now();
  const roleChangedMs = await takesEffect(since, limitMs, async () => {
    const roles = await rolesOn(demoted, b);
    return Array.isArray(roles) && roles.join() === 'viewer';
  });

  const name = `fleet.probe.${tag}`;
  const path = `/api/db/properties?name=eq.${name}`;
  if ((await admin.request(b, 'GET', path)).body !== '[]') throw new Error('probe property exists');
  const saved = await admin.request(a, 'POST', '/api/db/properties', { name, value: 'on' });
  if (saved.status !== 201) throw new Error(`property save answered ${saved.status}`);
  since = Date.now();
  const settingSavedMs = await takesEffect(since, limitMs, async () =>
    (await admin.request(b, 'GET', path)).body.includes(name),
  );

  const check = `fresh-${tag}`;
  await admin.request(b, 'GET', '/api/canary/api/summary');
  const created = await admin.request(a, 'POST', '/api/db/canaries', {
    name: check,
    namespace: 'fleet-probe',
    spec: { schedule: '@every 1h', http: [{ name: check, url: targetUrl }] },
  });
  if (created.status !== 201) throw new Error(`canary create answered ${created.status}`);
  since = Date.now();
  const summaryFreshMs = await takesEffect(since, limitMs, async () =>
    (await admin.request(b, 'GET', '/api/canary/api/summary')).body.includes(check),
  );
  return { sessionRevokedMs, roleChangedMs, settingSavedMs, summaryFreshMs };
}

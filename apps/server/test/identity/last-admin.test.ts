import { describe, expect, it } from 'vitest';
import { testActorHeader } from '../app.ts';
import { admin, registerAdmin, useIdentityApp } from './flow-helpers.ts';

const { app, browser } = useIdentityApp();
const asAdmin = { [testActorHeader]: 'admin', 'content-type': 'application/json' };
const lastAdmin = 'The last admin cannot be deleted';

async function idOf(email: string): Promise<string> {
  const found = await app().database.db.pool.query<{ id: string }>(
    'select id from people where email = $1',
    [email],
  );
  return found.rows[0]?.id ?? '';
}

async function admins(): Promise<string[]> {
  const found = await app().database.db.pool.query<{ email: string }>(
    `select p.email from person_roles r join people p on p.id = r.person_id
     where r.role = 'admin' order by p.email`,
  );
  return found.rows.map((row) => row.email);
}

const setRoles = (id: string, roles: string[]) =>
  browser().post(`/api/rbac/${id}/update_role`, { roles }, asAdmin);

const deleteIdentity = (id: string) =>
  browser().http.delete(`${app().baseUrl}/api/db/identities?id=eq.${id}`, {
    headers: asAdmin,
    validateStatus: () => true,
  });

describe('the last admin', () => {
  it('cannot demote themself, with the message that refuses deleting the last admin', async () => {
    const b = browser();
    await registerAdmin(b);
    const id = await idOf(admin.email);
    const demoted = await b.post(`/api/rbac/${id}/update_role`, { roles: ['viewer'] });
    expect([demoted.status, demoted.data]).toEqual([
      400,
      expect.objectContaining({ message: lastAdmin }),
    ]);
    expect(await admins()).toEqual([admin.email]);
    const deleted = await deleteIdentity(id);
    expect([deleted.status, deleted.data]).toEqual([
      400,
      expect.objectContaining({ message: lastAdmin }),
    ]);
  });

  it('keeps one of two admins when both are demoted or deleted at the same time', async () => {
    const invited = await browser().post(
      '/api/auth/invite_user',
      { firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com', role: 'admin' },
      asAdmin,
    );
    expect(invited.status).toBe(200);
    const ada = await idOf(admin.email);
    const grace = await idOf('grace@example.com');
    for (let round = 0; round < 5; round++) {
      const answers = await Promise.all([setRoles(ada, ['viewer']), setRoles(grace, ['editor'])]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
      expect(await admins()).toHaveLength(1);
      await setRoles(ada, ['admin']);
      await setRoles(grace, ['admin']);
    }
    const [demoted, deleted] = await Promise.all([
      setRoles(ada, ['viewer']),
      deleteIdentity(grace),
    ]);
    const succeeded = [demoted.status === 200, deleted.status === 204];
    expect(succeeded.filter(Boolean)).toHaveLength(1);
    const refused = demoted.status === 200 ? deleted : demoted;
    expect([refused.status, refused.data]).toEqual([
      400,
      expect.objectContaining({ message: lastAdmin }),
    ]);
    expect(await admins()).toHaveLength(1);
  });
});

import { describe, expect, it } from 'vitest';
import { rowsOf, useDataApi } from '../data-api/helpers.ts';

const api = useDataApi();
const managed = '01900000-0000-7000-8000-0000000001c0';
const console = '01900000-0000-7000-8000-0000000001c1';

async function seed(): Promise<void> {
  await api.query(
    `insert into topologies (id, name, source) values ($1, 'crd-shop', 'KubernetesCRD'), ($2, 'ui-shop', 'UI')
     on conflict do nothing`,
    [managed, console],
  );
}

describe('source-managed resources', () => {
  it('refuses an update of a managed row with 409 naming source, changing nothing', async () => {
    await seed();
    const response = await api.request(`topologies?id=eq.${managed}`, {
      method: 'PATCH',
      role: 'admin',
      body: { labels: { team: 'x' } },
    });
    expect(response.status).toBe(409);
    expect(JSON.stringify(response.json)).toContain('managed by KubernetesCRD');
    const [row] = await api.query(`select labels from topologies where id = $1`, [managed]);
    expect(row?.labels).toEqual({});
  });

  it('refuses a soft or hard delete of a managed row', async () => {
    const soft = await api.request(`topologies?id=eq.${managed}`, {
      method: 'PATCH',
      role: 'editor',
      body: { deleted_at: new Date().toISOString() },
    });
    expect(soft.status).toBe(409);
    const hard = await api.request(`topologies?id=eq.${managed}`, {
      method: 'DELETE',
      role: 'admin',
    });
    expect(hard.status).toBe(409);
    expect(await api.count('topologies', `id = '${managed}' and deleted_at is null`)).toBe(1);
  });

  it('refuses a patch that sets source to the console to unlock a row', async () => {
    const response = await api.request(`topologies?id=eq.${managed}`, {
      method: 'PATCH',
      role: 'admin',
      body: { source: 'UI' },
    });
    expect(response.status).toBe(400);
    expect(JSON.stringify(response.json)).toContain('source is read only');
    expect(await api.count('topologies', `id = '${managed}' and source = 'KubernetesCRD'`)).toBe(1);
  });

  it('lets the managing source itself re-apply its row', async () => {
    const response = await api.request(`topologies?id=eq.${managed}`, {
      method: 'PATCH',
      role: 'admin',
      body: { source: 'KubernetesCRD', labels: { applied: 'yes' } },
    });
    expect(response.status).toBe(204);
  });

  it('soft-deletes a console row: it stays, and the list hides it', async () => {
    const response = await api.request(`topologies?id=eq.${console}`, {
      method: 'PATCH',
      role: 'editor',
      body: { deleted_at: new Date().toISOString() },
    });
    expect(response.status).toBe(204);
    expect(await api.count('topologies', `id = '${console}' and deleted_at is not null`)).toBe(1);
    const { data } = await api
      .client('viewer')
      .from('topologies_with_status')
      .select('id')
      .is('deleted_at', null);
    expect(rowsOf(data).map((row) => row.id)).not.toContain(console);
  });

  it('refuses soft deletes by a viewer and a commander', async () => {
    for (const role of ['viewer', 'commander'] as const) {
      const response = await api.request(`topologies?id=eq.${managed}`, {
        method: 'PATCH',
        role,
        body: { deleted_at: new Date().toISOString() },
      });
      expect(response.status).toBe(403);
    }
  });

  it('guards every settings table the same way', async () => {
    await api.query(
      `insert into incident_rules (name, source) values ('rule-crd', 'KubernetesCRD');
       insert into teams (name, source) values ('team-crd', 'ConfigFile');
       insert into logging_backends (name, spec, source) values ('lb-crd', '{}', 'KubernetesCRD')`,
    );
    for (const table of ['incident_rules', 'teams', 'logging_backends', 'config_scrapers']) {
      if (table === 'config_scrapers')
        await api.query(`update config_scrapers set source = 'KubernetesCRD'`);
      const response = await api.request(`${table}?source=neq.UI`, {
        method: 'PATCH',
        role: 'admin',
        body: { name: 'renamed' },
      });
      expect(response.status, table).toBe(409);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { rowsOf, useDataApi } from '../data-api/helpers.ts';

const api = useDataApi();

/** The id the test harness gives every signed-in test actor. */
const testActorId = '00000000-0000-0000-0000-0000000000aa';

const spec = { schedule: '@every 5m', tcp: [{ name: 'db port', endpoint: 'db.internal:5432' }] };

async function createCanary(name: string, role: 'admin' | 'editor' = 'editor'): Promise<string> {
  const created = await api.request('canaries?select=id', {
    method: 'POST',
    role,
    headers: { prefer: 'return=representation' },
    // A client may not name the creator: the server records the signed-in person.
    body: { name, namespace: 'settings', spec, source: 'UI', created_by: null },
  });
  expect(created.status).toBe(201);
  return String(rowsOf(created.json)[0]?.id);
}

async function addRun(canaryId: string, status: string, minutesAgo: number): Promise<void> {
  await api.query(
    `insert into job_history (name, resource_type, resource_id, status, details, time_start, created_at)
     values ('Canary', 'canary', $1, $2, $3, now() - make_interval(mins => $4), now() - make_interval(mins => $4))`,
    [canaryId, status, { errors: status === 'SUCCESS' ? [] : ['db port: refused'] }, minutesAgo],
  );
}

describe('canaries_with_status', () => {
  it('records the signed-in person as the creator, whatever the body says', async () => {
    await api.query(`insert into people (id, name) values ($1, 'Test Editor')`, [testActorId]);
    const id = await createCanary('created-by');
    const answer = await api.request(
      `canaries_with_status?id=eq.${id}&select=name,created_by(id,name),agent(name)`,
    );
    expect(rowsOf(answer.json)).toEqual([
      {
        name: 'created-by',
        created_by: { id: testActorId, name: 'Test Editor' },
        agent: { name: 'local' },
      },
    ]);
  });

  it('shows the latest run and the last failed run of each canary', async () => {
    const id = await createCanary('with-runs', 'admin');
    await addRun(id, 'FAILED', 30);
    await addRun(id, 'WARNING', 20);
    await addRun(id, 'SUCCESS', 10);
    // Another canary's runs and other jobs do not leak in.
    await api.query(
      `insert into job_history (name, resource_type, resource_id, status) values ('Topology', 'topology', $1, 'FAILED')`,
      [id],
    );
    const fresh = await createCanary('never-ran');
    const answer = await api.request(
      `canaries_with_status?select=name,job_status,job_name,job_details,last_runtime,job_last_failed` +
        `&deleted_at=is.null&name=in.(with-runs,never-ran)&order=name.asc`,
      { role: 'viewer', headers: { prefer: 'count=exact' } },
    );
    expect(answer.status).toBe(200);
    const rows = rowsOf(answer.json);
    expect(rows.map((r) => [r.name, r.job_status, r.job_name])).toEqual([
      ['never-ran', null, null],
      ['with-runs', 'SUCCESS', 'Canary'],
    ]);
    const withRuns = rows[1];
    const [times] = await api.query<{ last: Date; failed: Date }>(
      `select max(time_start) filter (where status = 'SUCCESS') as last,
              max(time_start) filter (where status = 'FAILED') as failed
       from job_history where resource_id = $1 and name = 'Canary'`,
      [id],
    );
    // The API keeps microseconds; pg's Date keeps milliseconds.
    const at = (value: unknown): number =>
      value instanceof Date ? value.getTime() : new Date(String(value)).getTime();
    expect(at(withRuns?.last_runtime)).toBe(at(times?.last));
    expect(at(withRuns?.job_last_failed)).toBe(at(times?.failed));
    expect(withRuns?.job_details).toEqual({ errors: [] });
    expect(rows[0]?.job_last_failed).toBeNull();
    expect(fresh).not.toBe(id);
  });

  it('hides soft-deleted canaries when asked, as the list does', async () => {
    const id = await createCanary('deleted-one');
    await api.request(`canaries?id=eq.${id}`, {
      method: 'PATCH',
      role: 'editor',
      body: { deleted_at: new Date().toISOString() },
    });
    const answer = await api.request(`canaries_with_status?name=eq.deleted-one&deleted_at=is.null`);
    expect(rowsOf(answer.json)).toEqual([]);
  });

  it('is read-only, and refuses writes of every role', async () => {
    for (const role of ['admin', 'editor', 'viewer'] as const) {
      const response = await api.request('canaries_with_status', {
        method: 'POST',
        role,
        body: { name: 'x', spec },
      });
      expect([403, 405]).toContain(response.status);
    }
  });

  it('answers 400 for a column it does not have', async () => {
    const response = await api.request('canaries_with_status?select=nope');
    expect(response.status).toBe(400);
  });
});

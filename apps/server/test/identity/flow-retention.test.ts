import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flowRetentionJob } from '../../src/modules/identity/flows/flow-retention.ts';
import { runMaintenance } from '../../src/platform/maintenance.ts';
import { startTestApp, type TestApp } from '../app.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ modules: ['identity'] });
});
afterAll(() => app.close());

async function insertFlow(expiresAgo: string): Promise<string> {
  const result = await app.database.db.pool.query<{ id: string }>(
    `insert into identity_flows (kind, state, csrf_hash, request_url, ui, expires_at)
     values ('login', 'choose_method', 'x', 'http://localhost/', '{}', now() - $1::interval)
     returning id`,
    [expiresAgo],
  );
  const id = result.rows[0]?.id;
  if (!id) throw new Error('no flow inserted');
  return id;
}

describe('identity flow retention', () => {
  it('is a worker of the identity module, started with the others', () => {
    expect(app.api.workers.map((worker) => worker.name)).toContain(flowRetentionJob.name);
  });

  it('purges flows a day past their expiry and old flow errors, and keeps the others', async () => {
    const expired = await insertFlow('2 days');
    const recent = await insertFlow('1 hour');
    const live = await insertFlow('-1 hour');
    await app.database.db.pool.query(
      `insert into identity_flow_errors (error, created_at)
       values ('{"old": true}', now() - interval '2 days'), ('{"old": false}', now())`,
    );
    const outcome = await runMaintenance(app.database.db, flowRetentionJob, Date.now());
    expect(outcome).toEqual({ deleted: 2 });
    const flows = await app.database.db.pool.query<{ id: string }>('select id from identity_flows');
    expect(flows.rows.map((row) => row.id).sort()).toEqual([recent, live].sort());
    expect(flows.rows.map((row) => row.id)).not.toContain(expired);
    const errors = await app.database.db.pool.query('select error from identity_flow_errors');
    expect(errors.rows).toEqual([{ error: { old: false } }]);
  });
});

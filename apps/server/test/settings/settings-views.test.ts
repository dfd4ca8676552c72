import { describe, expect, it } from 'vitest';
import { ids, rowsOf, useDataApi } from '../data-api/helpers.ts';

const api = useDataApi();

const topology = '01900000-0000-7000-8000-0000000001a0';
const backend = '01900000-0000-7000-8000-0000000001a1';

async function seedJobs(): Promise<void> {
  await api.query(`insert into topologies (id, name, source) values ($1, 'shop', 'UI')`, [
    topology,
  ]);
  await api.query(
    `insert into logging_backends (id, name, spec) values ($1, 'loki', '{"loki":{}}')`,
    [backend],
  );
  await api.query(
    `insert into job_history (name, resource_type, resource_id, status, time_start, created_at)
     values ('ConfigScraper', 'config_scraper', $1, 'FAILED', now() - interval '2 hours', now() - interval '2 hours'),
            ('ConfigScraper', 'config_scraper', $1, 'SUCCESS', now() - interval '1 hour', now() - interval '1 hour'),
            ('Topology', 'topology', $2, 'WARNING', now(), now())`,
    [ids.scraper, topology],
  );
}

describe('{table}_with_status views', () => {
  it('shows each scraper with its latest job status and its last failed run', async () => {
    await seedJobs();
    const { data, error } = await api
      .client('viewer')
      .from('config_scrapers_with_status')
      .select('id,name,job_status,job_name,job_last_failed,last_runtime')
      .eq('id', ids.scraper);
    expect(error).toBeNull();
    const [row] = rowsOf(data);
    expect(row?.job_status).toBe('SUCCESS');
    expect(row?.job_name).toBe('ConfigScraper');
    expect(typeof row?.job_last_failed).toBe('string');
    expect(Date.parse(String(row?.job_last_failed))).toBeLessThan(
      Date.parse(String(row?.last_runtime)),
    );
  });

  it('lists scrapers, topologies and logging backends in integrations_with_status', async () => {
    const { data, error, count } = await api
      .client('viewer')
      .from('integrations_with_status')
      .select('id,name,integration_type,job_status,agent,creator', { count: 'exact' })
      .is('deleted_at', null)
      .order('created_at', { ascending: false });
    expect(error).toBeNull();
    const rows = rowsOf(data);
    expect(count).toBe(rows.length);
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(ids.scraper)).toMatchObject({
      integration_type: 'scrapers',
      agent: { id: '00000000-0000-0000-0000-000000000000' },
      creator: null,
    });
    expect(byId.get(topology)).toMatchObject({
      integration_type: 'topologies',
      job_status: 'WARNING',
    });
    expect(byId.get(backend)).toMatchObject({
      integration_type: 'logging_backends',
      job_status: null,
    });
  });

  it('keeps teams_with_status one shape with a member count', async () => {
    const { data, error } = await api
      .client('responder')
      .from('teams_with_status')
      .select('id,name,member_count,job_status')
      .eq('id', ids.team);
    expect(error).toBeNull();
    expect(rowsOf(data)).toEqual([
      { id: ids.team, name: 'sre', member_count: 1, job_status: null },
    ]);
  });

  it('refuses writes to a view and reads of integrations by an anonymous caller', async () => {
    const write = await api.client('admin').from('topologies_with_status').insert({ name: 'x' });
    expect(write.status).toBe(405);
    const anonymous = await api.client('anonymous').from('integrations_with_status').select('id');
    expect(anonymous.status).toBe(401);
  });
});

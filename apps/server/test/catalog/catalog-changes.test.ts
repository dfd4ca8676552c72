import { roles } from '@vigil/domain';
import { describe, expect, it } from 'vitest';
import { field, ids, rowOf, useDataApi } from '../data-api/helpers.ts';
import { postCatalog } from './catalog-calls.ts';

const api = useDataApi();
const search = async (body: unknown, role: Parameters<typeof postCatalog>[3] = 'viewer') => {
  const answer = await postCatalog(api.baseUrl, 'changes', body, role);
  return { status: answer.status, body: rowOf(answer.json) };
};
const summaries = (body: Record<string, unknown>): unknown[] =>
  Array.isArray(body.changes) ? body.changes.map((change) => field(change, 'summary')) : [];

describe('POST /api/catalog/changes', () => {
  it('defaults to the last 2 days of every config, newest first', async () => {
    const { status, body } = await search({});
    expect(status).toBe(200);
    expect(body.total).toBe(2);
    expect(summaries(body)).toEqual(['image bump', 'scaled']);
    expect(body.summary).toEqual({ diff: 2 });
    expect(field(Array.isArray(body.changes) ? body.changes[0] : undefined, 'type')).toBe(
      'Kubernetes::Pod',
    );
  });

  it('walks downstream from a config by default, or not at all with none', async () => {
    const all = (await search({ id: ids.cluster, from: 'now-30d' })).body;
    expect(summaries(all)).toEqual(['image bump', 'scaled', 'removed']);
    const none = (await search({ id: ids.cluster, from: 'now-30d', recursive: 'none' })).body;
    expect(summaries(none)).toEqual(['scaled', 'removed']);
    const shallow = (await search({ id: ids.cluster, from: 'now-30d', depth: 1 })).body;
    expect(summaries(shallow)).toEqual(['scaled', 'removed']);
    const up = (await search({ id: ids.pod, from: 'now-30d', recursive: 'upstream' })).body;
    expect(summaries(up)).toEqual(['image bump', 'scaled', 'removed']);
  });

  it('keeps the severity asked for and worse', async () => {
    const { body } = await search({ from: 'now-30d', severity: 'low' });
    expect(summaries(body)).toEqual(['image bump', 'removed']);
  });

  it('filters by tri-state type, config_type, summary, source and tags', async () => {
    expect(summaries((await search({ from: 'now-30d', type: '!diff' })).body)).toEqual(['removed']);
    expect(
      summaries((await search({ from: 'now-30d', config_type: 'Kubernetes::Pod' })).body),
    ).toEqual(['image bump']);
    expect(summaries((await search({ from: 'now-30d', summary: 'scal*' })).body)).toEqual([
      'scaled',
    ]);
    expect(summaries((await search({ from: 'now-30d', tags: 'cluster=dev' })).body)).toEqual([
      'image bump',
    ]);
    expect((await search({ from: 'now-30d', source: 'nowhere' })).body.total).toBe(0);
  });

  it('pages and sorts', async () => {
    const { body } = await search({
      from: 'now-30d',
      page: 2,
      page_size: 1,
      sort_by: 'created_at',
    });
    expect(body.total).toBe(3);
    expect(summaries(body)).toEqual(['scaled']);
  });

  it('hides changes of deleted configs unless asked', async () => {
    await api.query(`update config_items set deleted_at = now() where id = $1`, [ids.pod]);
    expect((await search({ from: 'now-30d' })).body.total).toBe(2);
    expect((await search({ from: 'now-30d', include_deleted_configs: true })).body.total).toBe(3);
    await api.query(`update config_items set deleted_at = null where id = $1`, [ids.pod]);
  });

  it.each([
    [{ id: 'nope' }, 'id'],
    [{ from: 'last week' }, 'from'],
    [{ from: 'now-1d', to: 'now-2d' }, 'from'],
    [{ severity: 'urgent' }, 'severity'],
    [{ page: 0 }, 'page'],
    [{ page_size: 5000 }, 'page_size'],
    [{ sort_by: 'diff' }, 'sort_by'],
    [{ recursive: 'sideways' }, 'recursive'],
    [{ depth: 11 }, 'depth'],
    [{ include_deleted_configs: 'no' }, 'include_deleted_configs'],
  ])('refuses bad input %j naming %s', async (input, name) => {
    const { status, body } = await search(input);
    expect(status).toBe(400);
    expect(String(body.message)).toContain(name);
  });

  it.each(roles)('answers the %s role', async (role) => {
    expect((await search({}, role)).status).toBe(200);
  });

  it('refuses a caller without a session', async () => {
    expect((await search({}, 'anonymous')).status).toBe(401);
  });
});

import { describe, expect, it } from 'vitest';
import { parseUrlState } from '@/lib/url-state.ts';
import { agentsListQuery, agentUrlSchema, nextSort } from './agent-url-state.ts';

const parse = (search: string) => parseUrlState(agentUrlSchema, new URLSearchParams(search));

describe('agent URL state', () => {
  it('defaults to name ascending, 50 a page, and drops bad values', () => {
    expect(parse('')).toMatchObject({
      sortBy: 'name',
      sortOrder: 'asc',
      pageIndex: 0,
      pageSize: 50,
    });
    expect(parse('pageSize=75&sortBy=secret&pageIndex=-1')).toMatchObject({
      sortBy: 'name',
      pageIndex: 0,
      pageSize: 50,
    });
    expect(parse('pageSize=200&addAgent=true&id=a1')).toMatchObject({
      pageSize: 200,
      addAgent: 'true',
      id: 'a1',
    });
  });

  it('asks the server for one sorted page', () => {
    const state = parse('sortBy=checks_count&sortOrder=desc&pageIndex=2&pageSize=100');
    expect(agentsListQuery(state)).toMatchObject({
      order: 'checks_count.desc.nullslast,name.asc,id.asc',
      limit: 100,
      offset: 200,
    });
  });

  it('sorts names A to Z and counts largest first, and flips on a second click', () => {
    expect(nextSort({ sortBy: 'name', sortOrder: 'asc' }, 'checks_count')).toEqual({
      sortBy: 'checks_count',
      sortOrder: 'desc',
    });
    expect(nextSort({ sortBy: 'name', sortOrder: 'asc' }, 'name')).toEqual({
      sortBy: 'name',
      sortOrder: 'desc',
    });
  });
});

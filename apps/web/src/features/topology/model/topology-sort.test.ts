import type { TopologyComponent } from '@vigil/domain';
import { describe, expect, it } from 'vitest';
import { makeComponent } from './topology-fixtures.ts';
import { sortChildren, sortComponents, sortFields } from './topology-sort.ts';
import { topologyApiQuery, zoomInHref } from './topology-url-state.ts';

const c = (
  name: string,
  status: TopologyComponent['status'],
  extra: Partial<TopologyComponent> = {},
) => makeComponent({ id: name, name, status, ...extra });

describe('topology sort', () => {
  const cards = [
    c('b', 'healthy', { properties: [{ name: 'rps', value: 5, headline: true }] }),
    c('a', 'unknown'),
    c('c', 'unhealthy', { properties: [{ name: 'rps', value: 50, headline: true }] }),
    c('d', 'warning'),
  ];

  it('puts the worst health first by default (status descending)', () => {
    expect(sortComponents(cards, 'status', 'desc').map((x) => x.name)).toEqual([
      'c',
      'd',
      'b',
      'a',
    ]);
    expect(sortComponents(cards, 'status', 'asc').map((x) => x.name)).toEqual(['a', 'b', 'd', 'c']);
  });

  it('sorts by a headline property, with cards without it last', () => {
    expect(sortFields(cards).map((f) => f.value)).toEqual([
      'status',
      'name',
      'type',
      'updated_at',
      'field:rps',
    ]);
    expect(sortComponents(cards, 'field:rps', 'desc').map((x) => x.name)).toEqual([
      'c',
      'b',
      'a',
      'd',
    ]);
  });

  it('lists children unhealthy, then warning, then healthy', () => {
    expect(sortChildren(cards).map((x) => x.name)).toEqual(['c', 'd', 'b', 'a']);
  });
});

describe('topology URL state', () => {
  it("drops 'All', flattens for a type and asks for hidden components on 'yes'", () => {
    expect(
      topologyApiQuery(
        { team: 'All', type: 'Service', status: 'healthy', showHiddenComponents: 'yes' },
        'x',
      ),
    ).toEqual({
      id: 'x',
      status: 'healthy',
      type: 'Service',
      team: undefined,
      labels: undefined,
      agent_id: undefined,
      sortBy: undefined,
      sortOrder: undefined,
      flatten: 'true',
      hidden: 'true',
      depth: '3',
    });
  });

  it('asks for the levels the page draws: two on the dashboard, three under a component', () => {
    expect(topologyApiQuery({}, undefined).depth).toBe('2');
    expect(topologyApiQuery({}, 'x').depth).toBe('3');
  });

  it('zooms in keeping filters, dropping status, and naming the referrer off the path', () => {
    const search = new URLSearchParams('team=sre&status=healthy&refererId=old');
    expect(zoomInHref({ id: 'k', path: 'p' }, search, 'p')).toBe('/topology/k?team=sre');
    expect(zoomInHref({ id: 'k', path: 'q' }, search, 'p')).toBe(
      '/topology/k?team=sre&refererId=p',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { catalogChips, toggleListParam, toggleTag } from './catalog-filter-actions.ts';
import { configListQuery } from './config-list-query.ts';
import {
  encodeLabels,
  encodeTags,
  keyValueConditions,
  parseLabels,
  parseList,
  parseTags,
  toggleKeyValue,
} from './filter-encoding.ts';

describe('tag filters', () => {
  it('reads key____value:1 as include and :-1 as exclude', () => {
    expect(parseTags('env____prod:1,team____pay:-1')).toEqual([
      { key: 'env', value: 'prod', include: true },
      { key: 'team', value: 'pay', include: false },
    ]);
  });

  it('round-trips', () => {
    const tags = [
      { key: 'env', value: 'prod', include: true },
      { key: 'team', value: 'pay', include: false },
    ];
    expect(encodeTags(tags)).toBe('env____prod:1,team____pay:-1');
    expect(parseTags(encodeTags(tags))).toEqual(tags);
  });

  it('flips a value to its opposite and removes it when asked twice', () => {
    const on = toggleKeyValue([], { key: 'env', value: 'prod', include: true });
    const flipped = toggleKeyValue(on, { key: 'env', value: 'prod', include: false });
    expect(flipped).toEqual([{ key: 'env', value: 'prod', include: false }]);
    expect(toggleKeyValue(flipped, { key: 'env', value: 'prod', include: false })).toEqual([]);
  });
});

describe('label filters', () => {
  it('reads key__:__value, keeping colons in the value', () => {
    expect(parseLabels('app__:__web,url__:__http://x')).toEqual([
      { key: 'app', value: 'web', include: true },
      { key: 'url', value: 'http://x', include: true },
    ]);
    expect(encodeLabels([{ key: 'app', value: 'web', include: true }])).toBe('app__:__web');
    expect(parseLabels('app__:__web:-1')).toEqual([{ key: 'app', value: 'web', include: false }]);
  });
});

describe('list filters', () => {
  it('reads a,!b', () => {
    expect(parseList('Kubernetes::Pod,!AWS::EC2')).toEqual([
      { value: 'Kubernetes::Pod', include: true },
      { value: 'AWS::EC2', include: false },
    ]);
  });

  it('includes and excludes by cell value', () => {
    expect(toggleListParam({}, 'configType', 'AWS::EC2', false)).toEqual({
      configType: '!AWS::EC2',
    });
    expect(toggleTag({ tags: 'env____prod:1' }, 'env', 'prod', true)).toEqual({ tags: '' });
  });

  it('offers a chip that removes each value', () => {
    const chips = catalogChips({ configType: 'A,!B', tags: 'env____prod:1' });
    expect(chips.map((chip) => [chip.label, chip.exclude, chip.patch])).toEqual([
      ['type: A', false, { configType: '!B' }],
      ['type: B', true, { configType: 'A' }],
      ['env: prod', false, { tags: '' }],
    ]);
  });
});

describe('data-API query', () => {
  it('quotes values and lets excluded tags pass rows without the key', () => {
    expect(
      keyValueConditions('tags', [
        { key: 'env', value: 'a,b', include: true },
        { key: 'team', value: 'x"y', include: false },
      ]),
    ).toEqual(['tags->>"env".eq."a,b"', 'or(tags->>"team".is.null,tags->>"team".neq."x\\"y")']);
  });

  it('hides deleted items, searches four columns and sorts deleted last', () => {
    const query = configListQuery({ search: 'web', health: 'healthy' }, true, 2);
    expect(query).toMatchObject({
      deleted_at: 'is.null',
      'health.filter': 'healthy',
      and: '(or(name.ilike."*web*",type.ilike."*web*",description.ilike."*web*",namespace.ilike."*web*"))',
      order: 'deleted_at.asc.nullsfirst,type.asc.nullslast,name.asc,id.asc',
      limit: '100',
      offset: '200',
    });
    expect(configListQuery({}, false, 0)).not.toHaveProperty('deleted_at');
  });
});

import { describe, expect, it } from 'vitest';
import { expectPgrstError, names, rowsOf, useDataApi } from './helpers.ts';

const api = useDataApi();

async function namesOf(path: string): Promise<unknown[]> {
  const response = await api.request(path);
  expect(response.status).toBe(200);
  return names(rowsOf(response.json));
}

describe('<column>.filter tri-state', () => {
  it.each([
    ['include one', 'status.filter=healthy', ['homepage']],
    ['include several', 'severity.filter=high,low', ['homepage', 'resolver']],
    ['exclude', 'severity.filter=!high', ['api', 'resolver']],
    ['exclude keeps nulls', 'status.filter=!healthy', ['api', 'resolver']],
    ['include and exclude', 'severity.filter=high,critical,!critical', ['homepage']],
    ['prefix wildcard', 'name.filter=home*', ['homepage']],
    ['suffix and excluded wildcard', 'name.filter=*e*,!res*', ['homepage']],
    ['literal % and _ are not wildcards', 'name.filter=%,_pi', []],
    ['empty items are ignored', 'name.filter=,!,', ['api', 'homepage', 'resolver']],
    ['spaces around items', 'name.filter= api , homepage ', ['api', 'homepage']],
    ['comparison', 'created_at.filter=>now-2d', ['api', 'resolver']],
    ['comparison range', 'created_at.filter=>now-6d,!>now-2h', ['api', 'homepage']],
    ['comparison on text', 'name.filter=>=homepage', ['homepage', 'resolver']],
  ])('%s', async (_name, query, expected) => {
    expect(await namesOf(`checks?select=name&order=name&${query}`)).toEqual(expected);
  });

  it.each([
    ['key=value', 'labels.filter=env=prod', ['api', 'homepage']],
    ['excluded key=value', 'labels.filter=!tier=api', ['homepage', 'resolver']],
    ['key exists', 'labels.filter=tier', ['api']],
    ['key absent', 'labels.filter=!env', ['resolver']],
    ['key=wildcard', 'labels.filter=env=pr*', ['api', 'homepage']],
    ['mixed', 'labels.filter=env=prod,!tier', ['homepage']],
  ])('jsonb %s', async (_name, query, expected) => {
    expect(await namesOf(`checks?select=name&order=name&${query}`)).toEqual(expected);
  });

  it('works on JSON paths and on embedded levels', async () => {
    expect(
      await namesOf('config_items?select=name&order=name&config->spec->>image.filter=ngi*'),
    ).toEqual(['prod-cluster']);
    const response = await api.request(
      'canaries?select=name,checks!inner(name)&checks.name.filter=home*',
    );
    expect(response.json).toEqual([{ name: 'http-canary', checks: [{ name: 'homepage' }] }]);
  });

  it('combines with ordinary filters', async () => {
    expect(await namesOf('checks?select=name&order=name&type=eq.http&name.filter=!api')).toEqual([
      'homepage',
    ]);
  });

  it('answers a bad typed value with a 4xx', async () => {
    const response = await api.request('checks?select=name&created_at.filter=>soon');
    expect(response.status).toBe(400);
    expectPgrstError(response.json, '22007');
  });
});

describe('date math in filters', () => {
  it.each([
    ['created_at=gt.now-2d', ['api', 'resolver']],
    ['created_at=gte.now-1w', ['api', 'homepage', 'resolver']],
    ['created_at=lt.now-1h%2B30m', ['api', 'homepage', 'resolver']],
    ['created_at=lt.now-1mo', []],
    ['created_at=gt.now%2B1y', []],
    ['created_at=not.gt.now-2d', ['homepage']],
    ['or=(created_at.gt.now-2h,created_at.lt.now-4d)', ['homepage', 'resolver']],
  ])('%s', async (query, expected) => {
    expect(await namesOf(`checks?select=name&order=name&${query}`)).toEqual(expected);
  });

  it('is not applied to text columns', async () => {
    expect(await namesOf('checks?select=name&name=eq.now-2d')).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { changesRequest, changeTags } from './changes-url-state.ts';

const everywhere = { upstream: false, downstream: true, hideDeletedConfigs: false };

describe('changes request', () => {
  it('defaults to now-2d, page 1 of 200, newest first', () => {
    expect(changesRequest({}, everywhere)).toEqual({
      from: 'now-2d',
      page: 1,
      page_size: 200,
      sort_by: '-created_at',
      include_deleted_configs: true,
    });
  });

  it('follows a config downstream 5 deep by default, both ways with upstream', () => {
    const scope = { ...everywhere, configId: 'c1', hideDeletedConfigs: true };
    expect(changesRequest({}, scope)).toMatchObject({
      id: 'c1',
      recursive: 'downstream',
      depth: 5,
      include_deleted_configs: false,
    });
    expect(changesRequest({}, { ...scope, upstream: true }).recursive).toBe('all');
    expect(changesRequest({}, { ...scope, downstream: false }).recursive).toBe('none');
  });

  it('passes the chips and filters, tags as key=value', () => {
    expect(
      changesRequest(
        {
          external_created_by: 'kubectl',
          source: 'git',
          severity: 'high',
          tags: 'env____prod:1,team____a:-1',
          page: 3,
        },
        everywhere,
      ),
    ).toMatchObject({
      created_by: 'kubectl',
      source: 'git',
      severity: 'high',
      tags: 'env=prod,!team=a',
      page: 3,
    });
    expect(changeTags(undefined)).toBeUndefined();
    expect(changesRequest({ severity: 'bogus' }, everywhere)).not.toHaveProperty('severity');
  });
});

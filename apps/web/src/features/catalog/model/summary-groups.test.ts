import type { CatalogSummaryRow } from '@vigil/domain';
import { describe, expect, it } from 'vitest';
import { summaryGroups, summaryRequest } from './summary-groups.ts';

const row = (
  type: string,
  count: number,
  extra: Record<string, unknown> = {},
): CatalogSummaryRow => ({
  type,
  count,
  health: { healthy: count },
  analysis: {},
  changes: 0,
  cost_total_30d: null,
  created_at: null,
  updated_at: null,
  ...extra,
});

describe('summary', () => {
  it('asks for provider then type, 30 days of changes, insights and cost', () => {
    expect(summaryRequest({}, true)).toEqual({
      groupBy: ['config_class', 'type'],
      deleted: false,
      changes: { since: '30d' },
      analysis: { since: '30d' },
      cost: '30d',
    });
    expect(summaryRequest({ groupBy: 'type' }, false).groupBy).toEqual(['type']);
    expect(summaryRequest({ groupBy: 'cluster' }, false).groupBy).toEqual(['cluster']);
  });

  it('groups types under their provider, A to Z, with pinned types first', () => {
    const groups = summaryGroups(
      [row('Kubernetes::Pod', 4), row('AWS::EC2', 2), row('Kubernetes::Service', 1)],
      'type',
      ['Kubernetes::Service'],
    );
    expect(groups.map((g) => [g.provider, g.count, g.lines.map((l) => l.value)])).toEqual([
      ['Favourites', 1, ['Kubernetes::Service']],
      ['AWS', 2, ['AWS::EC2']],
      ['Kubernetes', 5, ['Kubernetes::Pod', 'Kubernetes::Service']],
    ]);
  });

  it('groups tag values under the tag', () => {
    const groups = summaryGroups([row('', 3, { cluster: 'eu' })], 'cluster', []);
    expect(groups).toMatchObject([{ provider: 'cluster', lines: [{ value: 'eu', label: 'eu' }] }]);
  });
});

import { describe, expect, it } from 'vitest';
import { mergeLowSeverity, topologyQuerySchema, topologyResponseSchema } from './topology.ts';

describe('topology response', () => {
  it('parses nested components with nulls as the database writes them', () => {
    const parsed = topologyResponseSchema.parse({
      components: [
        {
          id: 'a',
          name: 'cluster',
          status: 'healthy',
          labels: null,
          summary: { checks: { healthy: 1 }, insights: { security: { low: 1 } } },
          components: [{ id: 'b', name: 'node', properties: [{ name: 'cpu', value: 3 }] }],
          extra: 'kept',
        },
      ],
      healthStatuses: ['healthy'],
      teams: null,
      tags: { env: ['prod'] },
      types: ['Cluster'],
    });
    expect(parsed.components?.[0]?.components?.[0]?.properties?.[0]?.value).toBe(3);
    expect(parsed.components?.[0]?.extra).toBe('kept');
  });

  it('refuses a child without a name', () => {
    expect(
      topologyResponseSchema.safeParse({ components: [{ id: 'a', name: 'x', components: [{}] }] })
        .success,
    ).toBe(false);
  });
});

describe('topology query', () => {
  it('reads the query string and names what is wrong', () => {
    expect(topologyQuerySchema.parse({ flatten: 'true', hidden: 'false' })).toEqual({
      flatten: true,
      hidden: false,
    });
    const bad = topologyQuerySchema.safeParse({ sortOrder: 'up' });
    expect(bad.error?.issues[0]?.message).toBe('must be asc or desc');
  });
});

describe('severity merge', () => {
  it("counts 'low' as 'medium'", () => {
    expect(mergeLowSeverity({ security: { low: 1, medium: 2, critical: 1 } })).toEqual({
      security: { medium: 3, critical: 1 },
    });
  });
});

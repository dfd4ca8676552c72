import { timeRangeMs, timeRanges } from '@vigil/domain';
import { describe, expect, it } from 'vitest';
import { snapshotStartSchema } from '../../src/modules/topology/query/topology-query.routes.ts';

const ago = (value: string) => Date.now() - snapshotStartSchema.parse(value).getTime();

describe('the snapshot start', () => {
  it.each(timeRanges)('takes the time range %s', (range) => {
    expect(Math.abs(ago(range) - timeRangeMs(range))).toBeLessThan(1000);
    expect(Math.abs(ago(`now-${range}`) - timeRangeMs(range))).toBeLessThan(1000);
  });

  it('takes Go durations and timestamps, and 15m by default', () => {
    expect(Math.abs(ago('1h30m') - 90 * 60_000)).toBeLessThan(1000);
    expect(snapshotStartSchema.parse('2026-01-02T03:04:05Z').toISOString()).toBe(
      '2026-01-02T03:04:05.000Z',
    );
    expect(
      Math.abs(ago(snapshotStartSchema.parse(undefined).toISOString()) - 15 * 60_000),
    ).toBeLessThan(1000);
  });

  it('refuses anything else, listing the ranges', () => {
    const parsed = snapshotStartSchema.safeParse('soon');
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toContain('15m, 1h');
    expect(parsed.error?.issues[0]?.message).toContain('1mo');
  });
});

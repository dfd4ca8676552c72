import { describe, expect, it } from 'vitest';
import { resolveDateMath } from './date-math.ts';

const now = new Date('2026-03-10T12:00:00.000Z');

describe('resolveDateMath', () => {
  it.each([
    ['now', '2026-03-10T12:00:00.000Z'],
    ['now-2d', '2026-03-08T12:00:00.000Z'],
    ['now-1h+30m', '2026-03-10T11:30:00.000Z'],
    ['now-1w', '2026-03-03T12:00:00.000Z'],
    ['now-1mo', '2026-02-10T12:00:00.000Z'],
    ['now-1y', '2025-03-10T12:00:00.000Z'],
    ['now+15s', '2026-03-10T12:00:15.000Z'],
  ])('resolves %s', (input, expected) => {
    expect(resolveDateMath(input, now)).toBe(expected);
  });

  it.each(['2026-01-01', 'nowish', 'now-', 'now-2x', '', 'now-9999999d', 'now-999999y'])(
    'leaves %s alone',
    (input) => {
      expect(resolveDateMath(input, now)).toBeUndefined();
    },
  );
});

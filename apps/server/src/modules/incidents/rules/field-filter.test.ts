import { describe, expect, it } from 'vitest';
import { matchesFieldFilter } from './field-filter.ts';

const now = new Date('2026-11-27T12:00:00Z');
const check = {
  status: 'unhealthy',
  severity: 'high',
  type: 'http',
  last_transition_time: '2026-11-27T11:50:00Z',
};

describe("Mission Control's incident rule filter", () => {
  it('matches each listed field, with * matching all', () => {
    expect(matchesFieldFilter({ status: ['unhealthy'] }, check, now)).toBe(true);
    expect(matchesFieldFilter({ status: ['healthy'] }, check, now)).toBe(false);
    expect(matchesFieldFilter({ severity: ['*'], category: ['http'] }, check, now)).toBe(true);
    expect(matchesFieldFilter({ severity: ['low', 'medium'] }, check, now)).toBe(false);
  });

  it('needs the resource in trouble for at least age, as a duration or Go nanoseconds', () => {
    expect(matchesFieldFilter({ age: '5m' }, check, now)).toBe(true);
    expect(matchesFieldFilter({ age: '15m' }, check, now)).toBe(false);
    expect(matchesFieldFilter({ age: 5 * 60 * 1e9 }, check, now)).toBe(true);
  });
});

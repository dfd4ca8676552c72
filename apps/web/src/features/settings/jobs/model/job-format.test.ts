import { describe, expect, it } from 'vitest';
import { formatJobDuration, resourceLink } from './job-format.ts';

describe('job formatting', () => {
  it.each([
    [null, ''],
    [450, '450ms'],
    [1200, '1.2s'],
    [2000, '2s'],
    [125_000, '2m 5s'],
    [120_000, '2m'],
    [3_780_000, '1h 3m'],
  ])('shows %s ms as %j', (ms, text) => {
    expect(formatJobDuration(ms)).toBe(text);
  });

  it('links each resource type to its page', () => {
    expect(resourceLink('canary', 'c1')).toBe('/settings/canaries/c1');
    expect(resourceLink('topology', 't1')).toBe('/settings/topologies/t1');
    expect(resourceLink('config_scraper', 's1')).toBe('/catalog/scrapers/s1');
    expect(resourceLink('health', 'x')).toBeUndefined();
    expect(resourceLink('canary', null)).toBeUndefined();
  });
});

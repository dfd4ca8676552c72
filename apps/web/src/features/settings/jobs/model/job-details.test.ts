import { describe, expect, it } from 'vitest';
import { availableTabs, tabText } from './job-details.ts';

describe('job details tabs (spec 002 §4)', () => {
  it('offers only tabs with content, in the spec order', () => {
    expect(availableTabs({ summary: { a: 1 }, errors: ['x'] })).toEqual(['errors', 'summary']);
    expect(availableTabs({ errors: [], scrape_summary: {}, summary: null })).toEqual([]);
    expect(availableTabs(null)).toEqual([]);
  });

  it('shows errors as lines and summaries as JSON', () => {
    expect(tabText({ errors: ['a', { code: 1 }] }, 'errors')).toBe('a\n{"code":1}');
    expect(tabText({ summary: { ok: true } }, 'summary')).toBe('{\n  "ok": true\n}');
  });
});

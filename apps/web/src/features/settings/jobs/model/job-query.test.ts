import { describe, expect, it, vi } from 'vitest';
import { jobHistoriesQuery } from './job-query.ts';
import { jobUrlSchema } from './job-url-state.ts';
import { parseUrlState } from '@/lib/url-state.ts';

const stateOf = (search: string) => parseUrlState(jobUrlSchema, new URLSearchParams(search));

describe('the job_histories call (spec 002 §7)', () => {
  it('asks for successful runs of the last 2 days, newest first, 50 a page', () => {
    expect(jobHistoriesQuery(stateOf(''))).toEqual({
      select: '*',
      limit: 50,
      offset: 0,
      resource_type: undefined,
      name: undefined,
      status: 'eq.SUCCESS',
      resource_id: undefined,
      order: 'created_at.desc',
      and: '(created_at.gt.now-2d,created_at.lt.now)',
      duration_millis: undefined,
    });
  });

  it('maps every URL filter to its parameter', () => {
    const query = jobHistoriesQuery(
      stateOf(
        'resourceType=canary&name=Canary&status=FAILED&resourceId=abc&duration=5000' +
          '&sortBy=duration_millis&sortOrder=asc&pageIndex=2&rangeType=absolute' +
          '&from=2026-11-01T00:00:00Z&to=2026-11-02T00:00:00Z',
      ),
    );
    expect(query).toMatchObject({
      resource_type: 'eq.canary',
      name: 'eq.Canary',
      status: 'eq.FAILED',
      resource_id: 'eq.abc',
      duration_millis: 'gte.5000',
      order: 'duration_millis.asc',
      offset: 100,
      and: '(created_at.gt.2026-11-01T00:00:00.000Z,created_at.lt.2026-11-02T00:00:00.000Z)',
    });
  });

  it("leaves out 'all' filters", () => {
    const query = jobHistoriesQuery(stateOf('status=all&resourceType=all&name=all'));
    expect(query.status).toBeUndefined();
    expect(query.resource_type).toBeUndefined();
    expect(query.name).toBeUndefined();
  });

  it('falls back to defaults for bad values and applies no range for a bad one', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const query = jobHistoriesQuery(
      stateOf('sortBy=colour&sortOrder=up&pageIndex=-1&duration=slow&range=forever'),
    );
    expect(query).toMatchObject({ order: 'created_at.desc', offset: 0 });
    expect(query.duration_millis).toBeUndefined();
    expect(query.and).toBeUndefined();
  });
});

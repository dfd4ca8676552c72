import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-error.ts';
import { httpForm } from '../model/forms/http-form.ts';
import { placeServerError } from './server-error.ts';

const badRequest = (message: string) =>
  new ApiError(400, { code: 'PGRST100', message, details: null, hint: null });

describe('placeServerError', () => {
  it('puts a check field message under that field', () => {
    expect(
      placeServerError(badRequest('spec.http[0].test.expr is not valid: x'), httpForm),
    ).toEqual({
      target: 'check.test',
      short: 'is not valid: x',
      message: 'spec.http[0].test.expr is not valid: x',
    });
  });

  it('puts schedule problems under the schedule', () => {
    expect(
      placeServerError(badRequest('spec.schedule must run at most once a second'), httpForm).target,
    ).toBe('schedule');
  });

  it('leaves other problems above the buttons only', () => {
    expect(
      placeServerError(badRequest('spec declares no checks'), httpForm).target,
    ).toBeUndefined();
    expect(
      placeServerError(badRequest('spec.http[1].url needs url'), httpForm).target,
    ).toBeUndefined();
    const conflict = new ApiError(409, {
      code: '23505',
      message: 'duplicate',
      details: null,
      hint: null,
    });
    expect(placeServerError(conflict, httpForm)).toEqual({
      target: undefined,
      short: 'duplicate',
      message: 'duplicate',
    });
  });
});

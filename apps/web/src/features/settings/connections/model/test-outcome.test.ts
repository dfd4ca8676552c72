import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-error.ts';
import { testOutcomeOf } from './test-outcome.ts';

const apiError = (status: number, message: string) =>
  new ApiError(status, { code: null, message, details: null, hint: null });

describe('testOutcomeOf', () => {
  it('is successful only for 200 with message ok', () => {
    expect(testOutcomeOf({ status: 200, message: 'ok' })).toEqual({
      ok: true,
      message: 'Connection successful',
    });
    expect(testOutcomeOf({ status: 200, message: 'fine' }).ok).toBe(false);
  });

  it('shows the server error of a refused test, and the spec texts otherwise', () => {
    expect(testOutcomeOf({ error: apiError(400, 'connection refused') })).toEqual({
      ok: false,
      message: 'connection refused',
    });
    expect(testOutcomeOf({ error: apiError(501, 'x') }).message).toBe(
      'We currently do not support testing this connection type',
    );
    expect(testOutcomeOf({ error: apiError(500, 'boom') }).message).toBe(
      'Testing connection failed!',
    );
    expect(testOutcomeOf({ error: new Error('network') }).message).toBe(
      'Testing connection failed!',
    );
  });
});

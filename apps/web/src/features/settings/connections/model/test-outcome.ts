import { ApiError } from '@/lib/api-error.ts';

export const testSucceeded = 'Connection successful';
export const testNotSupported = 'We currently do not support testing this connection type';
export const testFailed = 'Testing connection failed!';

export interface TestOutcome {
  readonly ok: boolean;
  readonly message: string;
}

export type TestAnswer =
  { readonly status: number; readonly message: string } | { readonly error: unknown };

/**
 * Spec 001 §4/§8: 200 with message ok is success; a 501 is "not supported"; a refused test
 * shows the server's error; anything else says the test failed.
 */
export function testOutcomeOf(answer: TestAnswer): TestOutcome {
  if ('status' in answer) {
    return answer.status === 200 && answer.message === 'ok'
      ? { ok: true, message: testSucceeded }
      : { ok: false, message: testFailed };
  }
  const { error } = answer;
  if (!(error instanceof ApiError)) return { ok: false, message: testFailed };
  if (error.status === 501) return { ok: false, message: testNotSupported };
  if (error.status === 400 && error.body.message !== '') {
    return { ok: false, message: error.body.message };
  }
  return { ok: false, message: testFailed };
}

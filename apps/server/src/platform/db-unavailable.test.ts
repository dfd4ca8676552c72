import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './db-unavailable.ts';

const withCode = (message: string, code: string): Error =>
  Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a refused connection', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['a server starting up', withCode('the database system is starting up', '57P03')],
    ['a server shutting down', withCode('terminating connection', '57P01')],
    ['a connection exception', withCode('connection failure', '08006')],
    ['a lost connection', new Error('Connection terminated unexpectedly')],
    ['a pool that cannot connect', new Error('timeout exceeded when trying to connect')],
    ['a wrapped cause', new Error('write failed', { cause: withCode('reset', 'ECONNRESET') })],
    ['every address refused', new AggregateError([withCode('refused', 'ECONNREFUSED')], 'x')],
  ])('is true for %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', withCode('duplicate key', '23505')],
    ['a syntax error', withCode('syntax error', '42601')],
    ['a plain error', new Error('boom')],
    ['a non-error', 'ECONNREFUSED'],
  ])('is false for %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

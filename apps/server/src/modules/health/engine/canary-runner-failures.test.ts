import { describe, expect, it } from 'vitest';
import { CheckConfigError } from '../check-types/check-type.ts';
import { retryPolicy } from './check-retries.ts';
import { ConcurrencyLimit } from './concurrency.ts';
import { fails, runChecks, sleep, type Run } from './fake-canary.ts';

describe('runCanary: failures, limits and retries', () => {
  it('records a runner that throws as crashed, without affecting the others', async () => {
    const outcome = await runChecks([
      {
        name: 'broken',
        run: () => {
          throw new TypeError('cannot read x of undefined');
        },
      },
      { name: 'rejects', run: () => Promise.reject(new Error('kaboom')) },
      { name: 'fine' },
      { name: 'after', dependsOn: ['fine'] },
    ]);
    expect(outcome.byName('broken')).toMatchObject({
      pass: false,
      invalid: false,
      error: 'check crashed: cannot read x of undefined',
    });
    expect(outcome.byName('rejects').error).toBe('check crashed: kaboom');
    expect(outcome.byName('fine').pass).toBe(true);
    expect(outcome.byName('after').pass).toBe(true);
  });

  it('records a configuration error as invalid', async () => {
    const outcome = await runChecks([
      {
        name: 'misconfigured',
        run: async (ctx) => {
          await ctx.connection('connection://default/missing');
          return { pass: true, data: {} };
        },
      },
    ]);
    expect(outcome.byName('misconfigured')).toMatchObject({
      pass: false,
      invalid: true,
      error: 'no connections here',
    });
  });

  it('records a hanging runner as timed out at its limit, aborting its signal', async () => {
    let aborted: unknown;
    const hangs: Run = (ctx) => {
      ctx.signal.addEventListener('abort', () => {
        const reason: unknown = ctx.signal.reason;
        aborted = reason;
      });
      return new Promise<never>(() => undefined);
    };
    const started = Date.now();
    const outcome = await runChecks([
      { name: 'hangs', run: hangs, timeoutMs: 200 },
      { name: 'hangs-long', run: hangs, timeoutMs: 1000 },
      { name: 'fine' },
    ]);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(outcome.byName('hangs')).toMatchObject({
      pass: false,
      error: 'timed out after 200ms',
    });
    expect(outcome.byName('hangs-long').error).toBe('timed out after 1s');
    expect(outcome.byName('hangs').duration).toBeGreaterThanOrEqual(190);
    expect(outcome.byName('fine').pass).toBe(true);
    expect(aborted).toBeInstanceOf(Error);
  });

  it('runs every check under the shared concurrency limit', async () => {
    const limit = new ConcurrencyLimit(2);
    let running = 0;
    let most = 0;
    const counted: Run = async () => {
      running++;
      most = Math.max(most, running);
      await sleep(5);
      running--;
      return { pass: true, data: {} };
    };
    const checks = Array.from({ length: 8 }, (_, i) => ({ name: `c${i}`, run: counted }));
    const outcome = await runChecks(checks, limit);
    expect(most).toBe(2);
    expect(outcome.results).toHaveLength(8);
    expect(limit.active).toBe(0);
  });

  it('retries a failing check as canary-checker does: maxRetries, interval, then the last result', async () => {
    let calls = 0;
    const flaky: Run = () => {
      calls += 1;
      return Promise.resolve(
        calls < 3 ? { pass: false, error: `down ${calls}`, data: {} } : { pass: true, data: {} },
      );
    };
    const policy = retryPolicy(undefined, { maxRetries: 3, interval: '10ms' });
    const outcome = await runChecks([
      { name: 'flaky', run: flaky, ...(policy ? { retryPolicy: policy } : {}) },
    ]);
    expect(calls).toBe(3);
    expect(outcome.byName('flaky')).toMatchObject({ pass: true });
    const once = retryPolicy(undefined, { maxRetries: 1, interval: '1ms' });
    const down = await runChecks([
      { name: 'down', run: fails, ...(once ? { retryPolicy: once } : {}) },
    ]);
    expect(down.started).toEqual(['down', 'down']);
    expect(down.byName('down')).toMatchObject({ pass: false, error: 'target down' });
  });

  it('retries a failing test, never an invalid check, and stops at the timeout', async () => {
    let calls = 0;
    const counting: Run = () => {
      calls += 1;
      return Promise.resolve({ pass: true, data: { code: calls < 2 ? 500 : 200 } });
    };
    const policy = retryPolicy({ maxRetries: 5, interval: '1ms' }, undefined);
    const tested = await runChecks([
      {
        name: 'tested',
        run: counting,
        expressions: { test: { expr: 'code == 200' } },
        ...(policy ? { retryPolicy: policy } : {}),
      },
    ]);
    expect([calls, tested.byName('tested').pass]).toEqual([2, true]);
    const invalid: Run = () => Promise.reject(new CheckConfigError('bad config'));
    const once = await runChecks([
      { name: 'bad', run: invalid, ...(policy ? { retryPolicy: policy } : {}) },
    ]);
    expect(once.started).toEqual(['bad']);
    const timed = retryPolicy(undefined, { timeout: '60ms', interval: '20ms' });
    const started = performance.now();
    const bounded = await runChecks([
      { name: 't', run: fails, ...(timed ? { retryPolicy: timed } : {}) },
    ]);
    expect(performance.now() - started).toBeLessThan(500);
    expect(bounded.started.length).toBeGreaterThanOrEqual(3);
    expect(bounded.started.length).toBeLessThanOrEqual(5);
  });

  it("merges the check's retries over the canary's, and disabled turns them off", () => {
    expect(retryPolicy({ maxRetries: 2, delay: '1s' }, { interval: '5s' })).toEqual({
      delayMs: 1000,
      timeoutMs: 0,
      intervalMs: 5000,
      maxRetries: 2,
    });
    expect(retryPolicy({ maxRetries: 2 }, undefined)?.intervalMs).toBe(1000);
    expect(retryPolicy({ maxRetries: 2 }, { disabled: true })).toBeUndefined();
    expect(retryPolicy(undefined, undefined)).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import {
  CheckConfigError,
  type CheckOutcome,
  type CheckRunContext,
} from '../check-types/check-type.ts';
import type { CheckResult } from '../history/check-result.ts';
import { runCanary, type CanaryRunnerDeps } from './canary-runner.ts';
import { ConcurrencyLimit } from './concurrency.ts';
import type { PreparedCanary, RunnableCheck } from './prepared-canary.ts';
import type { CheckExpressions } from '../expressions/check-expressions.ts';
import { retryPolicy, type RetryPolicy } from './check-retries.ts';

type Run = (ctx: CheckRunContext) => Promise<CheckOutcome>;

interface FakeCheck {
  readonly name: string;
  readonly type?: string;
  readonly run?: Run;
  readonly dependsOn?: readonly string[];
  readonly timeoutMs?: number;
  readonly test?: string;
  readonly retryPolicy?: RetryPolicy;
  readonly expressions?: CheckExpressions;
}

const passes: Run = () => Promise.resolve({ pass: true, message: 'ok', data: {} });
const fails: Run = () => Promise.resolve({ pass: false, error: 'target down', data: {} });

/** Builds a canary of fake checks, recording the order in which their runners start. */
function canaryOf(checks: readonly FakeCheck[]) {
  const started: string[] = [];
  const runnable = checks.map((check): RunnableCheck => ({
    id: check.type ? `id-${check.type}-${check.name}` : `id-${check.name}`,
    type: check.type ?? 'fake',
    name: check.name,
    labels: {},
    expressions:
      check.expressions ?? (check.test === undefined ? {} : { test: { expr: check.test } }),
    dependsOn: check.dependsOn ?? [],
    timeoutMs: check.timeoutMs,
    retryPolicy: check.retryPolicy,
    transformDeleteStrategy: undefined,
    metrics: [],
    relationships: undefined,
    runner: {
      endpoint: undefined,
      run: (ctx) => {
        started.push(check.name);
        return (check.run ?? passes)(ctx);
      },
    },
  }));
  const canary: PreparedCanary = {
    id: 'canary-1',
    name: 'fake',
    namespace: 'default',
    agentId: 'agent',
    labels: {},
    updatedAt: 0,
    schedule: null,
    checks: runnable,
    connectionPairingApproved: false,
    env: {},
  };
  return { canary, started };
}

function deps(limit = new ConcurrencyLimit(10)): CanaryRunnerDeps {
  return {
    limit,
    defaultTimeoutMs: 5000,
    expressionLimitMs: 100,
    context: (_canary, abort, timeoutMs) => ({
      get signal() {
        return abort.signal;
      },
      whenAborted: (listener) => abort.whenAborted(listener),
      timeoutMs,
      namespace: 'default',
      connection: () => Promise.reject(new CheckConfigError('no connections here')),
      resolveValue: () => Promise.resolve(undefined),
    }),
    syncTransformed: () => Promise.resolve({ ids: new Map(), missing: [] }),
    lastResult: () => Promise.resolve(undefined),
    recordMetric: () => undefined,
  };
}

async function run(checks: readonly FakeCheck[], limit?: ConcurrencyLimit) {
  const { canary, started } = canaryOf(checks);
  const outcome = await runCanary(canary, deps(limit), { slot: null, next: null });
  const byName = (name: string): CheckResult => {
    const found = outcome.results.find((r) => r.checkName === name);
    if (!found) throw new Error(`no result for ${name}`);
    return found;
  };
  return { ...outcome, started, byName };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('runCanary', () => {
  it('starts a check only after the checks it depends on have finished', async () => {
    const finished: string[] = [];
    const slow =
      (name: string, ms: number): Run =>
      async () => {
        await sleep(ms);
        finished.push(name);
        return { pass: true, data: {} };
      };
    const outcome = await run([
      { name: 'app', dependsOn: ['db', 'cache'], run: slow('app', 1) },
      { name: 'db', run: slow('db', 30) },
      { name: 'cache', dependsOn: ['db'], run: slow('cache', 10) },
      { name: 'dns', run: slow('dns', 1) },
    ]);
    expect(finished.indexOf('db')).toBeLessThan(finished.indexOf('cache'));
    expect(finished.indexOf('cache')).toBeLessThan(finished.indexOf('app'));
    expect(outcome.started.indexOf('cache')).toBeGreaterThan(outcome.started.indexOf('db'));
    expect(outcome.results.map((r) => r.pass)).toEqual([true, true, true, true]);
    expect(outcome.run).toMatchObject({ passed: 4, failed: 0, errors: [] });
  });

  it('shows the outcomes of the checks depended on as outputs, keyed by check name', async () => {
    const token: Run = () =>
      Promise.resolve({
        pass: true,
        message: 'issued',
        data: { code: 200, json: { token: 't1' } },
      });
    const outcome = await run([
      { name: 'login', run: token },
      {
        name: 'api',
        dependsOn: ['login'],
        test: "outputs.login.json.token == 't1' && outputs.login.code == 200 && outputs.login.pass",
      },
      { name: 'alone', test: 'has(outputs.login)' },
    ]);
    expect(outcome.byName('api')).toMatchObject({ pass: true });
    expect(outcome.byName('alone')).toMatchObject({ pass: false });
  });

  it('fails the dependants of a failed check without running them', async () => {
    const outcome = await run([
      { name: 'web', dependsOn: ['db'] },
      { name: 'db', run: fails },
      { name: 'report', dependsOn: ['web'] },
      { name: 'other' },
    ]);
    expect(outcome.started.sort()).toEqual(['db', 'other']);
    expect(outcome.byName('db')).toMatchObject({ pass: false, error: 'target down' });
    expect(outcome.byName('web')).toMatchObject({
      pass: false,
      error: 'depends on "db", which failed',
      duration: 0,
    });
    expect(outcome.byName('report').error).toBe('depends on "web", which failed');
    expect(outcome.byName('other').pass).toBe(true);
    expect(outcome.run).toMatchObject({ passed: 1, failed: 3 });
    expect(outcome.run.errors).toContain('web: depends on "db", which failed');
  });

  it('reports a dependency that is not a check of the canary', async () => {
    const outcome = await run([{ name: 'web', dependsOn: ['nope'] }, { name: 'ok' }]);
    expect(outcome.byName('web')).toMatchObject({
      pass: false,
      error: 'depends on "nope", which is not a check of this canary',
    });
    expect(outcome.byName('ok').pass).toBe(true);
    expect(outcome.started).toEqual(['ok']);
  });

  it('reports a cycle of two checks, running neither', async () => {
    const outcome = await run([
      { name: 'a', dependsOn: ['b'] },
      { name: 'b', dependsOn: ['a'] },
      { name: 'c' },
    ]);
    expect(outcome.started).toEqual(['c']);
    const errors = [outcome.byName('a').error, outcome.byName('b').error];
    expect(errors).toContain('depends on "a" in a cycle');
    expect(errors[0]).toMatch(/^depends on "b"(, which failed| in a cycle)$/);
  });

  it('reports a cycle of three checks', async () => {
    const outcome = await run([
      { name: 'a', dependsOn: ['b'] },
      { name: 'b', dependsOn: ['c'] },
      { name: 'c', dependsOn: ['a'] },
    ]);
    expect(outcome.started).toEqual([]);
    expect(outcome.results.every((r) => !r.pass)).toBe(true);
    expect(outcome.results.map((r) => r.error)).toContain('depends on "a" in a cycle');
  });

  it('finishes a cycle entered after another dependency (no deadlock)', async () => {
    const finished = run([
      { name: 'a', dependsOn: ['x', 'b'] },
      { name: 'b', dependsOn: ['a'] },
      { name: 'x' },
    ]);
    const limit = sleep(2000).then(() => 'still waiting after 2 s');
    const outcome = await Promise.race([finished, limit]);
    expect(outcome).not.toBe('still waiting after 2 s');
    if (typeof outcome === 'string') return;
    expect(outcome.byName('x').pass).toBe(true);
    expect(outcome.byName('a').pass).toBe(false);
    expect(outcome.byName('b').pass).toBe(false);
  });

  it('runs two checks of different types that share a name, each once', async () => {
    const outcome = await run([
      { name: 'db', type: 'tcp' },
      { name: 'db', type: 'postgres', run: fails },
    ]);
    expect(outcome.results.map((r) => [r.checkId, r.pass]).sort()).toEqual([
      ['id-postgres-db', false],
      ['id-tcp-db', true],
    ]);
  });

  it('finishes when a name shared by two types hides a cycle from write-time validation', async () => {
    // Valid at write (the last "b" has no dependencies), but the runner keys runs by name.
    const finished = run([
      { name: 'a', type: 'http', dependsOn: ['x', 'b'] },
      { name: 'x', type: 'http' },
      { name: 'b', type: 'tcp', dependsOn: ['a'] },
      { name: 'b', type: 'dns' },
    ]);
    const limit = sleep(2000).then(() => 'still waiting after 2 s');
    expect(await Promise.race([finished, limit])).not.toBe('still waiting after 2 s');
  });

  it('records a runner that throws as crashed, without affecting the others', async () => {
    const outcome = await run([
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
    const outcome = await run([
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
    const outcome = await run([
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
    const outcome = await run(checks, limit);
    expect(most).toBe(2);
    expect(outcome.results).toHaveLength(8);
    expect(limit.active).toBe(0);
  });

  it('runs only the selected check and what it depends on', async () => {
    const { canary, started } = canaryOf([
      { name: 'db' },
      { name: 'web', dependsOn: ['db'] },
      { name: 'other' },
    ]);
    const outcome = await runCanary(canary, deps(), { slot: null, next: null, only: 'id-web' });
    expect(started).toEqual(['db', 'web']);
    expect(outcome.results.map((r) => r.checkName).sort()).toEqual(['db', 'web']);
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
    const outcome = await run([
      { name: 'flaky', run: flaky, ...(policy ? { retryPolicy: policy } : {}) },
    ]);
    expect(calls).toBe(3);
    expect(outcome.byName('flaky')).toMatchObject({ pass: true });
    const once = retryPolicy(undefined, { maxRetries: 1, interval: '1ms' });
    const down = await run([{ name: 'down', run: fails, ...(once ? { retryPolicy: once } : {}) }]);
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
    const tested = await run([
      {
        name: 'tested',
        run: counting,
        expressions: { test: { expr: 'code == 200' } },
        ...(policy ? { retryPolicy: policy } : {}),
      },
    ]);
    expect([calls, tested.byName('tested').pass]).toEqual([2, true]);
    const invalid: Run = () => Promise.reject(new CheckConfigError('bad config'));
    const once = await run([
      { name: 'bad', run: invalid, ...(policy ? { retryPolicy: policy } : {}) },
    ]);
    expect(once.started).toEqual(['bad']);
    const timed = retryPolicy(undefined, { timeout: '60ms', interval: '20ms' });
    const started = performance.now();
    const bounded = await run([
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

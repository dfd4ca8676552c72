import { describe, expect, it } from 'vitest';
import { runCanary } from './canary-runner.ts';
import { canaryOf, fails, runChecks, runnerDeps, sleep, type Run } from './fake-canary.ts';

describe('runCanary: dependencies', () => {
  it('starts a check only after the checks it depends on have finished', async () => {
    const finished: string[] = [];
    const slow =
      (name: string, ms: number): Run =>
      async () => {
        await sleep(ms);
        finished.push(name);
        return { pass: true, data: {} };
      };
    const outcome = await runChecks([
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
    const outcome = await runChecks([
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
    const outcome = await runChecks([
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
    const outcome = await runChecks([{ name: 'web', dependsOn: ['nope'] }, { name: 'ok' }]);
    expect(outcome.byName('web')).toMatchObject({
      pass: false,
      error: 'depends on "nope", which is not a check of this canary',
    });
    expect(outcome.byName('ok').pass).toBe(true);
    expect(outcome.started).toEqual(['ok']);
  });

  it('reports a cycle of two checks, running neither', async () => {
    const outcome = await runChecks([
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
    const outcome = await runChecks([
      { name: 'a', dependsOn: ['b'] },
      { name: 'b', dependsOn: ['c'] },
      { name: 'c', dependsOn: ['a'] },
    ]);
    expect(outcome.started).toEqual([]);
    expect(outcome.results.every((r) => !r.pass)).toBe(true);
    expect(outcome.results.map((r) => r.error)).toContain('depends on "a" in a cycle');
  });

  it('finishes a cycle entered after another dependency (no deadlock)', async () => {
    const finished = runChecks([
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
    const outcome = await runChecks([
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
    const finished = runChecks([
      { name: 'a', type: 'http', dependsOn: ['x', 'b'] },
      { name: 'x', type: 'http' },
      { name: 'b', type: 'tcp', dependsOn: ['a'] },
      { name: 'b', type: 'dns' },
    ]);
    const limit = sleep(2000).then(() => 'still waiting after 2 s');
    expect(await Promise.race([finished, limit])).not.toBe('still waiting after 2 s');
  });
  it('runs only the selected check and what it depends on', async () => {
    const { canary, started } = canaryOf([
      { name: 'db' },
      { name: 'web', dependsOn: ['db'] },
      { name: 'other' },
    ]);
    const outcome = await runCanary(canary, runnerDeps(), {
      slot: null,
      next: null,
      only: 'id-web',
    });
    expect(started).toEqual(['db', 'web']);
    expect(outcome.results.map((r) => r.checkName).sort()).toEqual(['db', 'web']);
  });
});

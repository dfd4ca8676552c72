import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { retryDelay } from '../../src/modules/playbooks/engine/conditions.ts';
import { playbookHarness, type PlaybookHarness } from './harness.ts';

let h: PlaybookHarness;
let admin: Awaited<ReturnType<PlaybookHarness['person']>>;
let scratch: string;

beforeAll(async () => {
  h = await playbookHarness();
  admin = await h.person('engine-admin');
  scratch = await mkdtemp(path.join(tmpdir(), 'vigil-pb-engine-'));
  h.engine.start();
});
afterAll(async () => h.close());

async function run(playbookId: string, params: Record<string, string> = {}) {
  const { run_id } = await h.runs.run(admin, { id: playbookId, params });
  return run_id;
}

describe('playbook run engine', () => {
  it('runs actions in order, passing results on, and completes', async () => {
    const id = await h.playbook(
      'in-order',
      `
parameters: [{name: who, default: world}]
actions:
  - name: first
    exec: {script: 'echo "hello {{.params.who}}"'}
  - name: second
    exec: {script: 'echo "got: {{ (getLastAction).result.stdout | trim }}"'}
`,
    );
    const runId = await run(id);
    const status = await h.waitFor(runId, ['completed', 'failed']);
    const actions = await h.actions(runId);
    expect([status, actions.map((a) => a.error)]).toEqual(['completed', [null, null]]);
    expect(actions.map((a) => [a.name, a.status])).toEqual([
      ['first', 'completed'],
      ['second', 'completed'],
    ]);
    expect(actions[0]?.result?.stdout).toBe('hello world\n');
  });

  it('evaluates if with success(), failure(), always() and getAction()', async () => {
    const id = await h.playbook(
      'conditions',
      `
actions:
  - {name: start, exec: {script: 'exit 3'}}
  - {name: on-failure, if: 'failure()', exec: {script: echo failed}}
  - {name: always, if: 'always()', exec: {script: echo always}}
  - {name: on-success, if: 'success()', exec: {script: echo success}}
  - {name: default, exec: {script: echo default}}
  - {name: by-name, if: 'getAction("always").status == "completed"', exec: {script: echo named}}
`,
    );
    const runId = await run(id);
    expect(await h.waitFor(runId, ['completed', 'failed'])).toBe('failed');
    const statuses = Object.fromEntries((await h.actions(runId)).map((a) => [a.name, a.status]));
    expect(statuses).toEqual({
      start: 'failed',
      'on-failure': 'completed',
      always: 'completed',
      'on-success': 'skipped',
      default: 'skipped',
      'by-name': 'completed',
    });
  });

  it('retries with exponential backoff until the limit, then fails', async () => {
    const counter = path.join(scratch, 'retries');
    const id = await h.playbook(
      'retries',
      `
actions:
  - name: flaky
    retry: {limit: 2, duration: 100ms, exponent: {multiplier: 2}, jitter: 10}
    exec: {script: 'echo x >> ${counter}; exit 1'}
`,
    );
    const started = Date.now();
    const runId = await run(id);
    expect(await h.waitFor(runId, ['completed', 'failed'])).toBe('failed');
    const [flaky] = await h.actions(runId);
    expect(flaky?.retry_count).toBe(2);
    expect((await readFile(counter, 'utf8')).trim().split('\n')).toHaveLength(3);
    // 100 ms then 200 ms of backoff (±10 %) at the least.
    expect(Date.now() - started).toBeGreaterThanOrEqual(270);
  });

  it('computes backoff as duration × multiplier^attempt within the jitter', () => {
    const retry = { limit: 5, duration: '10s', exponent: { multiplier: 2 }, jitter: 10 };
    expect(retryDelay(retry, 0, () => 0.5)).toBe(10_000);
    expect(retryDelay(retry, 3, () => 0.5)).toBe(80_000);
    expect(retryDelay(retry, 1, () => 1)).toBe(22_000);
    expect(retryDelay(retry, 1, () => 0)).toBe(18_000);
  });

  it('stops an action at its timeout (timed_out) and fails the run', async () => {
    const id = await h.playbook(
      'slow',
      `
actions:
  - {name: slow, timeout: 300ms, exec: {script: 'sleep 5'}}
`,
    );
    const started = Date.now();
    const runId = await run(id);
    expect(await h.waitFor(runId, ['completed', 'failed'])).toBe('failed');
    const [slow] = await h.actions(runId);
    expect(slow?.status).toBe('timed_out');
    expect(slow?.error).toContain('timed out after 300ms');
    expect(Date.now() - started).toBeLessThan(4000);
  });

  it('times the run out at spec.timeout: the run is timed_out and its action stopped', async () => {
    const id = await h.playbook(
      'run-timeout',
      `
timeout: 600ms
actions:
  - {name: long, exec: {script: 'sleep 10'}}
  - {name: never, if: 'always()', exec: {script: echo never}}
`,
    );
    const runId = await run(id);
    expect(await h.waitFor(runId, ['timed_out', 'completed', 'failed'], 8000)).toBe('timed_out');
    const until = Date.now() + 5000;
    while (Date.now() < until && (await h.actions(runId))[0]?.status === 'running') {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect((await h.actions(runId)).map((a) => [a.name, a.status])).toEqual([
      ['long', 'cancelled'],
    ]);
  });

  it('sleeps through a delay given as an expression over params', async () => {
    const id = await h.playbook(
      'delayed',
      `
parameters: [{name: delay, default: "0"}]
actions:
  - {name: start, exec: {script: date}}
  - {name: later, if: 'success() && params.delay != "0"', delay: params.delay, exec: {script: date}}
`,
    );
    const runId = await run(id, { delay: '700ms' });
    await h.waitFor(runId, ['sleeping']);
    expect(await h.waitFor(runId, ['completed', 'failed'])).toBe('completed');
    const [, later] = await h.actions(runId);
    expect(
      later?.start_time && later.start_time.getTime() - later.scheduled_time.getTime(),
    ).toBeLessThan(2000);
    const created = await h.db.pool.query<{ ms: number }>(
      `select extract(epoch from a.scheduled_time - r.start_time) * 1000 as ms
       from playbook_run_actions a join playbook_runs r on r.id = a.playbook_run_id
       where r.id = $1 and a.name = 'later'`,
      [runId],
    );
    expect(Number(created.rows[0]?.ms)).toBeGreaterThanOrEqual(650);
    const skipped = await run(id, { delay: '0' });
    expect(await h.waitFor(skipped, ['completed', 'failed'])).toBe('completed');
    expect((await h.actions(skipped)).map((a) => a.status)).toEqual(['completed', 'skipped']);
  });

  it('cancels a running run: the action is stopped and the rest never runs', async () => {
    const id = await h.playbook(
      'to-cancel',
      `
actions:
  - {name: long, exec: {script: 'sleep 10'}}
  - {name: after, exec: {script: echo after}}
`,
    );
    const runId = await run(id);
    await h.waitFor(runId, ['running']);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await h.runs.cancel(admin, runId);
    expect(await h.waitFor(runId, ['cancelled'])).toBe('cancelled');
    const until = Date.now() + 5000;
    while (Date.now() < until && (await h.actions(runId))[0]?.status === 'running') {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect((await h.actions(runId)).map((a) => a.status)).toEqual(['cancelled']);
  });
});

describe('claims and restarts', () => {
  it('two engines on one database run each action once (SKIP LOCKED)', async () => {
    const log = path.join(scratch, 'claims');
    const second = h.newEngine();
    second.start();
    const id = await h.playbook(
      'claimed-once',
      `
parameters: [{name: n}]
actions:
  - {name: mark, exec: {script: 'echo {{.params.n}} >> ${log}'}}
`,
    );
    const ids = await Promise.all(Array.from({ length: 20 }, (_, n) => run(id, { n: String(n) })));
    for (const runId of ids)
      expect(await h.waitFor(runId, ['completed', 'failed'])).toBe('completed');
    const lines = (await readFile(log, 'utf8')).trim().split('\n');
    expect(lines).toHaveLength(20);
    expect(new Set(lines).size).toBe(20);
    await second.stop();
  });

  it('resumes after a crash mid-run: the lapsed lease is claimed again and the run finishes', async () => {
    const marks = path.join(scratch, 'resume');
    await h.engine.stop();
    const crashing = h.newEngine();
    crashing.start();
    const id = await h.playbook(
      'resumed',
      `
actions:
  - {name: one, exec: {script: 'echo one >> ${marks}'}}
  - {name: two, exec: {script: 'sleep 1.5; echo two >> ${marks}'}}
  - {name: three, exec: {script: 'echo three >> ${marks}'}}
`,
    );
    const runId = await run(id);
    const until = Date.now() + 10_000;
    while ((await h.actions(runId)).find((a) => a.name === 'two')?.status !== 'running') {
      if (Date.now() > until) throw new Error('action two never started');
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
    await crashing.abandon();
    const [, two] = await h.actions(runId);
    expect(two?.status).toBe('running');
    const restarted = h.newEngine();
    restarted.start();
    expect(await h.waitFor(runId, ['completed', 'failed'])).toBe('completed');
    expect((await readFile(marks, 'utf8')).trim().split('\n')).toEqual(['one', 'two', 'three']);
    expect((await h.actions(runId)).map((a) => a.status)).toEqual([
      'completed',
      'completed',
      'completed',
    ]);
    await restarted.stop();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playbookHarness, type PlaybookHarness } from './harness.ts';

let h: PlaybookHarness;
type Person = Awaited<ReturnType<PlaybookHarness['person']>>;
let runner: Person;
let approver: Person;
let teamMate: Person;
let outsider: Person;

beforeAll(async () => {
  h = await playbookHarness();
  runner = await h.person('runner', ['editor']);
  approver = await h.person('approver', ['viewer']);
  teamMate = await h.person('teammate', ['viewer']);
  outsider = await h.person('outsider', ['admin']);
  const team = await h.db.pool.query<{ id: string }>(
    `insert into teams (name) values ('dba') returning id`,
  );
  await h.db.pool.query('insert into team_members (team_id, person_id) values ($1, $2)', [
    team.rows[0]?.id,
    teamMate.id,
  ]);
  h.engine.start();
});
afterAll(async () => h.close());

async function message(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'done';
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

describe('approvals', () => {
  it('waits in pending_approval, queues playbook.approval.inserted, and runs once approved', async () => {
    const id = await h.playbook(
      'needs-approval',
      `
approval: {type: any, approvers: {people: [approver@example.test]}}
actions: [{name: go, exec: {script: echo approved}}]
`,
    );
    const { run_id } = await h.runs.run(runner, { id });
    const run = await h.runs.get(runner, run_id);
    expect(run.status).toBe('pending_approval');
    expect(run.created_by).toBe(runner.id);
    const events = await h.db.pool.query(
      `select name, properties from event_queue where event_id = $1`,
      [run_id],
    );
    expect(events.rows).toMatchObject([
      { name: 'playbook.approval.inserted', properties: { run_id } },
    ]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await h.runs.get(runner, run_id)).actions).toEqual([]);

    expect(await message(h.runs.decide(outsider, run_id, 'approved', {}))).toBe(
      'You are not an approver of this playbook.',
    );
    expect(await h.runs.decide(approver, run_id, 'approved', { comment: 'ok' })).toEqual({
      status: 'pending',
    });
    expect(await h.waitFor(run_id, ['completed', 'failed'])).toBe('completed');
    const approvals = (await h.runs.get(runner, run_id)).approvals;
    expect(approvals).toMatchObject([{ person_id: approver.id, status: 'approved' }]);
  });

  it('refuses the runner approving their own run (separation of duties)', async () => {
    const id = await h.playbook(
      'self-approval',
      `
approval: {approvers: {people: [runner@example.test, approver@example.test]}}
actions: [{name: go, exec: {script: 'true'}}]
`,
    );
    const { run_id } = await h.runs.run(runner, { id });
    expect(await message(h.runs.decide(runner, run_id, 'approved', {}))).toBe(
      'You cannot approve or reject your own run.',
    );
    expect((await h.runs.get(runner, run_id)).status).toBe('pending_approval');
  });

  it('type all waits for every person and team; a team member approves for the team', async () => {
    const id = await h.playbook(
      'all-approvals',
      `
approval: {type: all, approvers: {people: [approver@example.test], teams: [dba]}}
actions: [{name: go, exec: {script: 'true'}}]
`,
    );
    const { run_id } = await h.runs.run(runner, { id });
    expect(await h.runs.decide(approver, run_id, 'approved', {})).toEqual({
      status: 'pending_approval',
    });
    expect(await h.runs.decide(teamMate, run_id, 'approved', {})).toEqual({ status: 'pending' });
    expect(await h.waitFor(run_id, ['completed', 'failed'])).toBe('completed');
  });

  it('a rejection cancels the run; deciding again is a conflict', async () => {
    const id = await h.playbook(
      'rejected',
      `
approval: {approvers: {teams: [dba]}}
actions: [{name: go, exec: {script: 'true'}}]
`,
    );
    const { run_id } = await h.runs.run(runner, { id });
    expect(await h.runs.decide(teamMate, run_id, 'rejected', {})).toEqual({ status: 'cancelled' });
    const run = await h.runs.get(runner, run_id);
    expect([run.status, run.error, run.actions]).toEqual(['cancelled', 'rejected', []]);
    expect(await message(h.runs.decide(approver, run_id, 'approved', {}))).toContain(
      'is not waiting for approval (cancelled)',
    );
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playbookHarness, type PlaybookHarness } from './harness.ts';

let h: PlaybookHarness;
let admin: Awaited<ReturnType<PlaybookHarness['person']>>;

beforeAll(async () => {
  h = await playbookHarness();
  admin = await h.person('runs-on-admin');
  h.engine.start();
});
afterAll(async () => {
  await h.close();
});

async function runToEnd(name: string, spec: string, params: Record<string, string> = {}) {
  const id = await h.playbook(name, spec);
  const { run_id } = await h.runs.run(admin, { id, params });
  const status = await h.waitFor(run_id, ['completed', 'failed']);
  return { status, actions: await h.actions(run_id) };
}

describe('runsOn', () => {
  it('runs what the server is eligible for and fails what names no agent that exists', async () => {
    const { status, actions } = await runToEnd(
      'runs-on-mixed',
      `
runsOn: [local, aws]
actions:
  - name: here
    exec: {script: echo on the server}
  - name: on aws
    if: always()
    runsOn: [aws]
    exec: {script: echo must not run here}
  - name: explicitly local
    if: always()
    runsOn: [azure, local]
    exec: {script: echo local again}
`,
    );
    expect(status).toBe('failed');
    expect(actions.map((a) => [a.name, a.status])).toEqual([
      ['here', 'completed'],
      ['on aws', 'failed'],
      ['explicitly local', 'completed'],
    ]);
    expect(actions[0]?.result?.stdout).toBe('on the server\n');
    // Upstream's FindFirstAgent: none of the eligible agents exists.
    expect(actions[1]?.error).toBe('failed to find any agent (aws)');
    expect(actions[1]?.result).toBeNull();
  });

  it('renders a templated runsOn and refuses the agent it names; a spec runsOn applies to all', async () => {
    const templated = await runToEnd(
      'runs-on-templated',
      `
parameters: [{name: agent, default: edge-1}]
actions: [{name: a, runsOn: ['{{.params.agent}}'], exec: {script: echo no}}]
`,
    );
    expect(templated.status).toBe('failed');
    expect(templated.actions[0]?.error).toBe('failed to find any agent (edge-1)');
    const local = await runToEnd(
      'runs-on-templated-local',
      `
parameters: [{name: agent, default: local}]
actions: [{name: a, runsOn: ['{{.params.agent}}'], exec: {script: echo yes}}]
`,
    );
    expect(local.status).toBe('completed');
    const spec = await runToEnd(
      'runs-on-spec',
      `
runsOn: [aditya-desktop]
actions: [{name: write-to-file, exec: {script: echo no}}]
`,
    );
    expect(spec.actions[0]?.error).toBe('failed to find any agent (aditya-desktop)');
  });

  it('places an action on the first eligible agent that exists; the server never runs it', async () => {
    const { rows } = await h.db.pool.query<{ id: string }>(
      `insert into agents (name) values ('edge-a') returning id`,
    );
    const edge = rows[0]?.id;
    const id = await h.playbook(
      'runs-on-placed',
      `
actions:
  - {name: first, runsOn: [missing, edge-a, local], exec: {script: echo no}}
`,
    );
    const { run_id } = await h.runs.run(admin, { id, params: {} });
    await h.waitFor(run_id, ['running']);
    // Several engine passes later the action still waits for its agent.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const placed = await h.db.pool.query<{ status: string; agent_id: string }>(
      'select status, agent_id from playbook_run_actions where playbook_run_id = $1',
      [run_id],
    );
    expect(placed.rows).toEqual([{ status: 'pending', agent_id: edge }]);
    // By id as well as by name, in the order written.
    const byId = await runToEnd(
      'runs-on-local-first',
      `
actions: [{name: a, runsOn: [local, '${edge}'], exec: {script: echo here}}]
`,
    );
    expect(byId.status).toBe('completed');
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { expectError, useAgentsApi, type CreatedAgent } from './agents-harness.ts';

const api = useAgentsApi();
beforeAll(() => {
  api.app.api.workers.find((worker) => worker.name === 'playbook run engine')?.start();
});

const polled = z.object({
  action: z
    .object({
      id: z.string(),
      run_id: z.string(),
      name: z.string(),
      kind: z.string(),
      attempt: z.number(),
      spec: z.unknown(),
      rendered: z.record(z.string(), z.string()),
      timeout_ms: z.number(),
      lease_ms: z.number(),
    })
    .nullable(),
});

async function poll(agent: CreatedAgent, timeout = 0) {
  const reply = await api.call('GET', `agent/playbook-action?timeout=${timeout}`, {
    token: agent.token,
  });
  expect(reply.status, JSON.stringify(reply.json)).toBe(200);
  return polled.parse(reply.json).action;
}

async function runOn(agentName: string, secret: string): Promise<string> {
  const spec = {
    parameters: [
      { name: 'word', default: 'fig' },
      { name: 'key', type: 'secret' },
    ],
    actions: [
      {
        name: 'remote',
        runsOn: [agentName],
        timeout: '2m',
        http: {
          url: 'http://127.0.0.1:9/{{.params.word}}',
          body: 'w={{.params.word}}',
          templateBody: true,
        },
      },
      { name: 'after', exec: { script: 'echo after' } },
    ],
  };
  const created = await api.call(
    'POST',
    'db/playbooks',
    'admin',
    { name: `pb-${agentName}`, spec },
    { prefer: 'return=representation' },
  );
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  const id = z.array(z.object({ id: z.string() })).parse(created.json)[0]?.id;
  const run = await api.call('POST', 'playbook/run', 'admin', {
    id,
    params: { word: 'plum', key: secret },
  });
  expect(run.status, JSON.stringify(run.json)).toBe(201);
  return z.object({ run_id: z.string() }).parse(run.json).run_id;
}

async function eventually(probe: () => Promise<boolean>, what: string) {
  const deadline = Date.now() + 15_000;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('/api/agent/playbook-action', () => {
  it('answers only agent tokens', async () => {
    const path = 'agent/playbook-action?timeout=0';
    expectError(await api.call('GET', path, 'anonymous'), 401, 'unauthenticated');
    const asUser = await api.call('GET', path, 'admin');
    expect(expectError(asUser, 401)).toBe('This endpoint needs an agent access token.');
    const result = 'agent/playbook-action/00000000-0000-0000-0000-000000000001/result';
    expectError(await api.call('POST', result, 'editor', { attempt: 0 }), 401);
  });

  it('hands an action to its agent only, rendered, and records its report in the run', async () => {
    const edge = await api.createAgent('api-edge');
    const other = await api.createAgent('api-other');
    const secret = 'tok-5ecr3t-value';
    const runId = await runOn('api-edge', secret);
    expect(await poll(other)).toBeNull();
    const action = await poll(edge, 5);
    expect(action).toMatchObject({
      run_id: runId,
      name: 'remote',
      kind: 'http',
      attempt: 0,
      spec: {
        url: 'http://127.0.0.1:9/plum',
        body: 'w={{.params.word}}',
        templateBody: true,
      },
      rendered: { 'w={{.params.word}}': 'w=plum' },
      timeout_ms: 120_000,
      lease_ms: 30_000,
    });
    const id = action?.id ?? '';
    // Taken: nobody is handed it again.
    expect(await poll(edge)).toBeNull();

    const report = (agent: CreatedAgent, kind: string, body: unknown) =>
      api.call('POST', `agent/playbook-action/${id}/${kind}`, { token: agent.token }, body);
    expectError(await report(other, 'progress', { attempt: 0 }), 409, 'conflict');
    expectError(await report(edge, 'progress', { attempt: 1 }), 409, 'conflict');
    expectError(await report(edge, 'result', { attempt: 0, status: 'bogus' }), 400);
    const progress = await report(edge, 'progress', {
      attempt: 0,
      output: `calling with ${secret}\n`,
    });
    expect(progress.json).toEqual({ stop: false });
    const done = await report(edge, 'result', {
      attempt: 0,
      status: 'completed',
      result: { code: 200, content: `echo ${secret}` },
      output: 'done\n',
    });
    expect(done.json).toEqual({ recorded: true });
    // A second report of the same attempt is refused: it is recorded once.
    expectError(await report(edge, 'result', { attempt: 0, status: 'failed', error: 'late' }), 409);

    await eventually(async () => {
      const [row] = await api.query<{ status: string }>(
        'select status from playbook_runs where id = $1',
        [runId],
      );
      return row?.status === 'completed';
    }, 'the run to complete');
    const rows = await api.query<{
      name: string;
      status: string;
      result: unknown;
      live_log: string;
    }>(
      `select name, status, result, live_log from playbook_run_actions
       where playbook_run_id = $1 order by position`,
      [runId],
    );
    expect(rows).toEqual([
      {
        name: 'remote',
        status: 'completed',
        result: { code: 200, content: 'echo ***' },
        live_log: 'calling with ***\ndone\n',
      },
      expect.objectContaining({ name: 'after', status: 'completed' }),
    ]);
  });
});

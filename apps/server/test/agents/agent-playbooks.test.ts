import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { TestDatabase } from '../database.ts';
import {
  adminToken,
  callUpstream,
  createTestDatabase,
  eventually,
  generateAgent,
  startAgentProcess,
  startUpstream,
  type AgentProcess,
  type AgentProcessOptions,
} from './agent-processes.ts';

/** Short, so that a killed agent's action lapses within the test (default 30 s). */
const leaseSeconds = 3;

let dir = '';
let agentTmp = '';
let upstreamDb: TestDatabase;
let agentDb: TestDatabase;
let upstream: Awaited<ReturnType<typeof startUpstream>>;
let admin = '';
let agentId = '';
let options: AgentProcessOptions;
let agent: AgentProcess;
let target: http.Server;
let targetUrl = '';
const received: Array<{ method: string; url: string; body: string }> = [];

const actionRows = z.array(
  z.object({
    name: z.string(),
    status: z.string(),
    agent_id: z.string(),
    retry_count: z.number(),
    error: z.string().nullable(),
    result: z.record(z.string(), z.unknown()).nullable(),
    live_log: z.string().nullable(),
  }),
);

async function actions(runId: string) {
  const { rows } = await upstreamDb.db.pool.query(
    `select name, status, agent_id, retry_count, error, result, live_log
     from playbook_run_actions where playbook_run_id = $1 order by position`,
    [runId],
  );
  return actionRows.parse(rows);
}

async function runStatus(runId: string): Promise<string> {
  const { rows } = await upstreamDb.db.pool.query(
    'select status from playbook_runs where id = $1',
    [runId],
  );
  return z.object({ status: z.string() }).parse(rows[0]).status;
}

/** Generous: a restarted agent takes a while to load on a busy 2-core machine. */
async function waitForRun(runId: string, statuses: string[], timeoutMs = 150_000) {
  await eventually(
    async () => statuses.includes(await runStatus(runId)),
    timeoutMs,
    `run ${runId} to be ${statuses.join(' or ')}`,
  );
  return runStatus(runId);
}

async function playbook(name: string, spec: Record<string, unknown>): Promise<string> {
  const created = await callUpstream(upstream.url, admin, 'POST', 'db/playbooks', { name, spec });
  expect(created.status).toBe(201);
  return z.array(z.object({ id: z.string() })).parse(created.json)[0]?.id ?? '';
}

async function run(playbookId: string, params: Record<string, string> = {}): Promise<string> {
  const started = await callUpstream(upstream.url, admin, 'POST', 'playbook/run', {
    id: playbookId,
    params,
  });
  expect(started.status).toBe(201);
  return z.object({ run_id: z.string() }).parse(started.json).run_id;
}

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'vigil-agent-playbooks-'));
  await fs.chmod(dir, 0o755);
  agentTmp = path.join(dir, 'agent-tmp');
  await fs.mkdir(agentTmp);
  await fs.mkdir(path.join(dir, 'canaries'));
  target = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({ method: request.method ?? '', url: request.url ?? '', body });
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ seen: body }));
    });
  });
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  const address = target.address();
  targetUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  [upstreamDb, agentDb] = await Promise.all([createTestDatabase(), createTestDatabase()]);
  upstream = await startUpstream(dir, upstreamDb, 0, {
    VIGIL_PLAYBOOK_AGENT_LEASE: String(leaseSeconds),
  });
  admin = await adminToken(upstreamDb);
  const created = await generateAgent(upstream.url, admin, 'edge-runner', {});
  agentId = created.id;
  options = {
    upstream: upstream.url,
    token: created.token,
    name: 'edge-runner',
    canariesDir: path.join(dir, 'canaries'),
    dataDir: path.join(dir, 'agent'),
    database: agentDb,
    // TMPDIR shows an exec ran in the agent's process: the server's is the system one.
    env: { VIGIL_AGENT_POLL_TIMEOUT: '5', TMPDIR: agentTmp },
  };
  agent = startAgentProcess(options);
  await agent.waitFor(/vigil agent started/, 150_000);
}, 300_000);

afterAll(async () => {
  await agent?.stop();
  await upstream?.server.stop();
  await new Promise((resolve) => target?.close(resolve));
  await Promise.all([upstreamDb?.drop(), agentDb?.drop()]);
  await fs.rm(dir, { recursive: true, force: true });
});

describe('runsOn: playbook actions on a vigil agent', () => {
  it('runs the actions placed on the agent there and records results and logs in the run', async () => {
    const id = await playbook('on-edge', {
      parameters: [{ name: 'word', default: 'kiwi' }],
      actions: [
        { name: 'on the server', exec: { script: 'echo "server tmp=$TMPDIR"' } },
        {
          name: 'on the agent',
          runsOn: ['edge-runner'],
          exec: { script: 'echo "tmp=$TMPDIR word={{.params.word}}"; sleep 1.5; echo done' },
        },
        {
          name: 'call from the agent',
          runsOn: ['missing-agent', 'edge-runner', 'local'],
          http: {
            url: `${targetUrl}/hook/{{.params.word}}`,
            method: 'POST',
            body: 'word={{.params.word}}',
            templateBody: true,
          },
        },
      ],
    });
    const from = agent.output().length;
    const runId = await run(id, { word: 'mango' });
    // The agent's output streams into the run while the action still runs.
    await eventually(
      async () => (await actions(runId))[1]?.live_log?.includes('word=mango') ?? false,
      90_000,
      'live output from the agent',
    );
    expect((await actions(runId))[1]?.status).toBe('running');
    expect(await waitForRun(runId, ['completed', 'failed'])).toBe('completed');
    const [local, onAgent, call] = await actions(runId);
    expect(local?.agent_id).toBe('00000000-0000-0000-0000-000000000000');
    expect(local?.result?.stdout).not.toContain(agentTmp);
    expect(onAgent).toMatchObject({ status: 'completed', agent_id: agentId, retry_count: 0 });
    expect(onAgent?.result?.stdout).toBe(`tmp=${agentTmp} word=mango\ndone\n`);
    expect(onAgent?.live_log).toBe(`tmp=${agentTmp} word=mango\ndone\n`);
    expect(call).toMatchObject({ status: 'completed', agent_id: agentId });
    expect(call?.result?.code).toBe(200);
    expect(received).toEqual([{ method: 'POST', url: '/hook/mango', body: 'word=mango' }]);
    expect(agent.output().slice(from)).toMatch(/playbook action started/);
    expect(upstream.server.output()).not.toMatch(/echo "tmp=/);
  }, 240_000);

  it('an agent killed mid-action lets its lease lapse; the retry policy runs it again', async () => {
    const marker = path.join(dir, 'attempted');
    const id = await playbook('retried-on-edge', {
      actions: [
        {
          name: 'slow',
          runsOn: ['edge-runner'],
          retry: { limit: 1, duration: '1s' },
          exec: {
            script: `if [ -f ${marker} ]; then echo second try; else touch ${marker}; echo first; sleep 20; fi`,
          },
        },
      ],
    });
    const runId = await run(id);
    await eventually(
      async () => (await actions(runId))[0]?.live_log?.includes('first') ?? false,
      90_000,
      'the first attempt to start on the agent',
    );
    await agent.stop('SIGKILL');
    await eventually(
      async () => (await actions(runId))[0]?.retry_count === 1,
      (leaseSeconds + 10) * 1000,
      'the lapsed lease to count as a failed attempt',
    );
    const [retried] = await actions(runId);
    expect(retried?.error).toBe(
      'agent edge-runner stopped reporting on the action (its lease expired)',
    );
    expect(['waiting', 'pending']).toContain(retried?.status);
    expect(await runStatus(runId)).toBe('waiting');

    agent = startAgentProcess(options);
    expect(await waitForRun(runId, ['completed', 'failed'])).toBe('completed');
    const [done] = await actions(runId);
    expect(done).toMatchObject({ status: 'completed', retry_count: 1, agent_id: agentId });
    expect(done?.result?.stdout).toBe('second try\n');
  }, 240_000);

  it('without retries the lapsed attempt fails the action and the run', async () => {
    await agent.waitFor(/vigil agent started/, 150_000);
    const id = await playbook('failed-on-edge', {
      actions: [
        { name: 'hang', runsOn: ['edge-runner'], exec: { script: 'echo started; sleep 20' } },
        { name: 'after', exec: { script: 'echo never' } },
      ],
    });
    const runId = await run(id);
    await eventually(
      async () => (await actions(runId))[0]?.live_log?.includes('started') ?? false,
      90_000,
      'the action to start on the agent',
    );
    await agent.stop('SIGKILL');
    expect(await waitForRun(runId, ['completed', 'failed'], (leaseSeconds + 10) * 1000)).toBe(
      'failed',
    );
    const rows = await actions(runId);
    expect(rows.map((row) => [row.name, row.status])).toEqual([
      ['hang', 'failed'],
      ['after', 'skipped'],
    ]);
    expect(rows[0]?.error).toBe(
      'agent edge-runner stopped reporting on the action (its lease expired)',
    );
    // Back up for the next test; the failed action is not handed to it again.
    agent = startAgentProcess(options);
    await agent.waitFor(/vigil agent started/, 150_000);
  }, 240_000);

  it('cancelling the run stops the action on the agent', async () => {
    const id = await playbook('cancelled-on-edge', {
      actions: [{ name: 'long', runsOn: ['edge-runner'], exec: { script: 'echo go; sleep 30' } }],
    });
    const runId = await run(id);
    await eventually(
      async () => (await actions(runId))[0]?.live_log?.includes('go') ?? false,
      90_000,
      'the action to start on the agent',
    );
    const cancelled = await callUpstream(
      upstream.url,
      admin,
      'POST',
      `playbook/run/${runId}/cancel`,
    );
    expect(cancelled.status).toBe(200);
    // Its next progress call answers stop; the agent stops the script and reports.
    await eventually(
      async () => (await actions(runId))[0]?.status !== 'running',
      30_000,
      'the agent to stop the action',
    );
    const [row] = await actions(runId);
    expect(row?.status).toBe('cancelled');
    expect(row?.error).toBe('the run was stopped');
  }, 240_000);
});

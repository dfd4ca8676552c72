import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { agentStatus, agentOnlineThresholdMs } from '@vigil/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  processMetricsHeaders,
  adminToken,
  callUpstream,
  canaryFolder,
  createTestDatabase,
  eventually,
  generateAgent,
  startAgentProcess,
  startTarget,
  startUpstream,
  type AgentProcess,
} from './agent-processes.ts';
import type { TestDatabase } from '../database.ts';

/** Real processes on loopback: an upstream `vigil serve` and two `vigil agent`s. */
let dir = '';
let upstreamDb: TestDatabase;
const agentDbs: TestDatabase[] = [];
let upstream: Awaited<ReturnType<typeof startUpstream>>;
let target: Awaited<ReturnType<typeof startTarget>>;
let admin = '';
const agents: Array<{ id: string; name: string; process: AgentProcess }> = [];

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'vigil-agent-mode-'));
  upstreamDb = await createTestDatabase();
  target = await startTarget();
  upstream = await startUpstream(dir, upstreamDb);
  admin = await adminToken(upstreamDb);
  for (const [name, region] of [
    ['eu-edge', 'eu'],
    ['us-edge', 'us'],
  ] as const) {
    const created = await generateAgent(upstream.url, admin, name, { region, cluster: 'prod' });
    const database = await createTestDatabase();
    agentDbs.push(database);
    const process = startAgentProcess({
      upstream: upstream.url,
      token: created.token,
      name,
      canariesDir: await canaryFolder(dir, name, target.url, 2),
      database,
      dataDir: path.join(dir, name),
    });
    agents.push({ id: created.id, name, process });
  }
  await Promise.all(agents.map((a) => a.process.started));
}, 120_000);

afterAll(async () => {
  await Promise.all(agents.map((a) => a.process.stop()));
  await upstream?.server.stop();
  await target?.close();
  await Promise.all(agentDbs.map((d) => d.drop()));
  await upstreamDb?.drop();
  await fs.rm(dir, { recursive: true, force: true });
});

const checkRow = z.object({ name: z.string(), agent_id: z.string(), labels: z.unknown() });

describe('vigil agent against an upstream vigil serve', () => {
  it("pushes each agent's checks, stamped with its id and properties as labels", async () => {
    await eventually(
      async () => {
        const { rows } = await upstreamDb.db.pool.query(
          `select count(distinct k.agent_id)::int as n from check_statuses s
           join checks k on k.id = s.check_id where k.agent_id = any($1::uuid[])`,
          [agents.map((a) => a.id)],
        );
        return z.object({ n: z.number() }).parse(rows[0]).n === 2;
      },
      30_000,
      'statuses from both agents upstream',
    );
    for (const [index, agent] of agents.entries()) {
      const { rows } = await upstreamDb.db.pool.query(
        `select name, agent_id, labels from checks where agent_id = $1 and deleted_at is null
         order by name`,
        [agent.id],
      );
      const region = index === 0 ? 'eu' : 'us';
      expect(rows.map((row) => checkRow.parse(row))).toEqual(
        [0, 1].map((i) => ({
          name: `${agent.name}-${i}`,
          agent_id: agent.id,
          // A check carries its canary's labels under its own, as canary-checker's do.
          labels: { region, cluster: 'prod', team: 'web' },
        })),
      );
      const canaries = await upstreamDb.db.pool.query(
        'select name, labels from canaries where agent_id = $1 and deleted_at is null',
        [agent.id],
      );
      expect(canaries.rows).toEqual([
        { name: agent.name, labels: { region, cluster: 'prod', team: 'web' } },
      ]);
      const statuses = await upstreamDb.db.pool.query(
        `select bool_and(s.status) as passed, count(*)::int as n from check_statuses s
         join checks k on k.id = s.check_id where k.agent_id = $1`,
        [agent.id],
      );
      expect(statuses.rows[0]).toMatchObject({ passed: true });
    }
  });

  it('shows both agents Online, and serves /api/health and /api/metrics locally', async () => {
    const { rows } = await upstreamDb.db.pool.query(
      `select name, status from agents_summary order by name`,
    );
    expect(rows).toEqual([
      { name: 'eu-edge', status: 'Online' },
      { name: 'us-edge', status: 'Online' },
    ]);
    const port = await agents[0]?.process.started;
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(200);
    const metrics = await (
      await fetch(`http://127.0.0.1:${port}/api/metrics`, {
        headers: processMetricsHeaders,
      })
    ).text();
    expect(metrics).toMatch(/vigil_agent_pushed_rows_total\{resource="check_statuses"\} [1-9]/);
    expect(metrics).toMatch(/vigil_agent_outbox_rows \d+/);
    expect(agents[0]?.process.output()).toMatch(/pushed check statuses upstream/);
  });

  it('runs a canary assigned upstream and reports under the upstream check id', async () => {
    const [agent] = agents;
    if (!agent) throw new Error('an agent expected');
    const created = await callUpstream(upstream.url, admin, 'POST', 'db/canaries?select=id', {
      name: 'assigned-probe',
      namespace: 'edge',
      agent_id: agent.id,
      spec: { schedule: '@every 1s', http: [{ name: 'assigned', url: `${target.url}/assigned` }] },
    });
    expect(created.status).toBe(201);
    const canaryId = z.array(z.object({ id: z.string() })).parse(created.json)[0]?.id;
    const { rows } = await upstreamDb.db.pool.query('select id from checks where canary_id = $1', [
      canaryId,
    ]);
    const checkId = z.object({ id: z.string() }).parse(rows[0]).id;
    await eventually(
      async () => {
        const found = await upstreamDb.db.pool.query(
          'select count(*)::int as n from check_statuses where check_id = $1 and status',
          [checkId],
        );
        return z.object({ n: z.number() }).parse(found.rows[0]).n >= 2;
      },
      30_000,
      'statuses of the assigned check upstream',
    );
    // The agent's copy keeps the upstream's ids and is not pushed back as its own.
    const copy = await agentDbs[0]?.db.pool.query(
      'select k.id from checks k join agent_assigned_canaries a on a.canary_id = k.canary_id',
    );
    expect(copy?.rows).toEqual([{ id: checkId }]);
    const upstreamCopy = await upstreamDb.db.pool.query(
      'select created_by is not null as authored, spec from canaries where id = $1',
      [canaryId],
    );
    expect(upstreamCopy.rows[0]).toMatchObject({ authored: true });
  });

  it('hands the Kubernetes scraping settings edited upstream to the agent, which stores them', async () => {
    const [agent] = agents;
    if (!agent) throw new Error('an agent expected');
    const kubernetes = { enabled: true, interval: '1h', exclusions: ['kube-system'] };
    const edited = await callUpstream(upstream.url, admin, 'PATCH', `db/agents?id=eq.${agent.id}`, {
      kubernetes,
    });
    expect(edited.status).toBeLessThan(300);
    const stored = async (): Promise<unknown> => {
      const { rows } = await (agentDbs[0]?.db.pool.query(
        `select value->'kubernetes' as kubernetes from agent_upstream_state where key = 'settings'`,
      ) ?? Promise.reject(new Error('no agent database')));
      return z.object({ kubernetes: z.unknown() }).safeParse(rows[0]).data?.kubernetes;
    };
    await eventually(
      async () => JSON.stringify(await stored()) === JSON.stringify(kubernetes),
      15_000,
      'the new settings in the agent database',
    );
    expect(agent.process.output()).toMatch(/agent settings received from upstream/);
  });

  it('shows a stopped agent Offline once 61 s pass after its last heartbeat', async () => {
    const [running, stopped] = agents;
    if (!running || !stopped) throw new Error('two agents expected');
    await stopped.process.stop();
    const lastSeen = async (id: string): Promise<Date> => {
      const { rows } = await upstreamDb.db.pool.query(
        'select last_seen from agents where id = $1',
        [id],
      );
      return z.object({ last_seen: z.date() }).parse(rows[0]).last_seen;
    };
    const stoppedAt = await lastSeen(stopped.id);
    // The running agent keeps heartbeating (every 2 s here) while the stopped one is silent.
    await eventually(
      async () => (await lastSeen(running.id)).getTime() > stoppedAt.getTime() + 2500,
      15_000,
      'a later heartbeat from the running agent',
    );
    expect((await lastSeen(stopped.id)).getTime()).toBe(stoppedAt.getTime());
    // The clock is injected: the Online rule evaluated 61 s after the stopped agent's last call.
    const later = stoppedAt.getTime() + agentOnlineThresholdMs + 1;
    expect(agentStatus(stoppedAt, later)).toBe('Offline');
    expect(agentStatus(await lastSeen(running.id), later)).toBe('Online');
    // The database's rule agrees at that instant too.
    const { rows } = await upstreamDb.db.pool.query(
      `select name, case when last_seen >= $1::timestamptz - interval '61 seconds'
         then 'Online' else 'Offline' end as status
       from agents where id = any($2::uuid[]) order by name`,
      [new Date(later), [running.id, stopped.id]],
    );
    expect(rows).toEqual([
      { name: 'eu-edge', status: 'Online' },
      { name: 'us-edge', status: 'Offline' },
    ]);
  });
});

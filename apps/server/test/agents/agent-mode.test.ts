import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { agentStatus, agentOnlineThresholdMs } from '@vigil/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  adminToken,
  canaryFolder,
  createTestDatabase,
  eventually,
  findFreePort,
  generateAgent,
  startAgentProcess,
  startTarget,
  startUpstream,
  type VigilProcess,
} from './agent-processes.ts';
import type { TestDatabase } from '../database.ts';

/** Real processes on loopback: an upstream `vigil serve` and two `vigil agent`s. */
let dir = '';
let upstreamDb: TestDatabase;
const agentDbs: TestDatabase[] = [];
let upstream: Awaited<ReturnType<typeof startUpstream>>;
let target: Awaited<ReturnType<typeof startTarget>>;
const agents: Array<{ id: string; name: string; process: VigilProcess; port: number }> = [];

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'vigil-agent-mode-'));
  upstreamDb = await createTestDatabase();
  target = await startTarget();
  upstream = await startUpstream(dir, upstreamDb);
  const admin = await adminToken(upstreamDb);
  for (const [name, region] of [
    ['eu-edge', 'eu'],
    ['us-edge', 'us'],
  ] as const) {
    const created = await generateAgent(upstream.url, admin, name, { region, cluster: 'prod' });
    const database = await createTestDatabase();
    agentDbs.push(database);
    const port = await findFreePort();
    const process = startAgentProcess({
      upstream: upstream.url,
      token: created.token,
      name,
      canariesDir: await canaryFolder(name, target.url, 2),
      database,
      dataDir: path.join(dir, name),
      port,
    });
    agents.push({ id: created.id, name, process, port });
  }
  await Promise.all(agents.map((a) => a.process.waitFor(/vigil agent started/)));
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
          `select count(*)::int as n from check_statuses s join checks k on k.id = s.check_id
           where k.agent_id = any($1::uuid[])`,
          [agents.map((a) => a.id)],
        );
        return z.object({ n: z.number() }).parse(rows[0]).n >= 8;
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
      expect(rows.map((row) => checkRow.parse(row))).toEqual([0, 1].map((i) => ({
        name: `${agent.name}-${i}`,
        agent_id: agent.id,
        labels: { region, cluster: 'prod' },
      })));
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
    const health = await fetch(`http://127.0.0.1:${agents[0]?.port}/api/health`);
    expect(health.status).toBe(200);
    const metrics = await (await fetch(`http://127.0.0.1:${agents[0]?.port}/api/metrics`)).text();
    expect(metrics).toMatch(/vigil_agent_pushed_rows_total\{resource="check_statuses"\} [1-9]/);
    expect(metrics).toMatch(/vigil_agent_outbox_rows \d+/);
    expect(agents[0]?.process.output()).toMatch(/pushed check statuses upstream/);
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

import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  processMetricsHeaders,
  adminToken,
  callUpstream,
  canaryFolder,
  createTestDatabase,
  eventually,
  queryEmbedded,
  stopOrphanedPostgres,
  generateAgent,
  startAgentProcess,
  startTarget,
  startUpstream,
  type AgentProcess,
  type AgentProcessOptions,
} from './agent-processes.ts';
import type { TestDatabase } from '../database.ts';

/** How long the upstream stays down; the issue suggests minutes, CI runs a bounded 20 s. */
const outageMs = Number(process.env.VIGIL_TEST_AGENT_OUTAGE_SECONDS ?? '20') * 1000;
/** 4 checks a second; half of that leaves room for a slow, shared machine. */
const minimumDuringOutage = 2 * Math.floor(outageMs / 1000);

let dir = '';
let upstreamDb: TestDatabase;
let upstream: Awaited<ReturnType<typeof startUpstream>>;
let target: Awaited<ReturnType<typeof startTarget>>;
let admin = '';
let agentId = '';
let options: AgentProcessOptions;
let agent: AgentProcess;

const count = z.object({ n: z.number() });
const keys = z.array(z.object({ key: z.string() }));

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'vigil-agent-faults-'));
  upstreamDb = await createTestDatabase();
  await fs.chmod(dir, 0o755);
  target = await startTarget();
  upstream = await startUpstream(dir, upstreamDb);
  admin = await adminToken(upstreamDb);
  const created = await generateAgent(upstream.url, admin, 'faulty', { zone: 'a' });
  agentId = created.id;
  options = {
    upstream: upstream.url,
    token: created.token,
    name: 'faulty',
    canariesDir: await canaryFolder(dir, 'faulty', target.url, 4),
    dataDir: path.join(dir, 'agent'),
    // Small batches, so the backlog after the outage takes several pushes to drain.
    env: { VIGIL_AGENT_BATCH_SIZE: '5' },
  };
  agent = startAgentProcess(options);
  await agent.waitFor(/pushed check statuses upstream/);
}, 120_000);

afterAll(async () => {
  await agent?.stop();
  await upstream?.server.stop();
  await target?.close();
  await stopOrphanedPostgres(options.dataDir);
  await upstreamDb?.drop();
  await fs.rm(dir, { recursive: true, force: true });
});

type Query = (text: string, values?: unknown[]) => Promise<unknown[]>;
const onAgent: Query = (text, values) => queryEmbedded(options.dataDir, text, values);
const onUpstream: Query = async (text, values) => {
  const result = await upstreamDb.db.pool.query<Record<string, unknown>>(text, values);
  return result.rows;
};

async function statusKeys(query: Query, until: Date, agent?: string): Promise<string[]> {
  const rows = await query(
    `select s.check_id || '@' || (extract(epoch from s.time) * 1000000)::bigint as key
     from check_statuses s join checks k on k.id = s.check_id
     where s.time <= $1 and ($2::uuid is null or k.agent_id = $2) order by key`,
    [until, agent ?? null],
  );
  return keys.parse(rows).map((row) => row.key);
}

async function scalar(query: Query, text: string, values: unknown[] = []): Promise<number> {
  const rows = await query(text, values);
  return count.parse(rows[0]).n;
}

describe('vigil agent faults', () => {
  it('buffers through an upstream outage and a SIGKILL mid-push: every status once', async () => {
    await upstream.server.stop();
    const outageStart = new Date();
    await agent.waitFor(/push failed; results stay buffered/, 20_000);
    await new Promise((resolve) => setTimeout(resolve, outageMs));
    const outageEnd = new Date();
    const buffered = await scalar(onAgent, 'select count(*)::int as n from agent_outbox');
    expect(buffered).toBeGreaterThanOrEqual(minimumDuringOutage);

    const before = agent.output().length;
    upstream = await startUpstream(dir, upstreamDb, upstream.port);
    // Killed right after its first push once the upstream is back, while it drains the backlog.
    await agent.waitFor(/pushed check statuses upstream/, 30_000, before);
    await agent.stop('SIGKILL');
    const afterKill = await scalar(onAgent, 'select count(*)::int as n from agent_outbox');
    expect(afterKill).toBeGreaterThan(0);

    agent = startAgentProcess(options);
    await agent.started;
    // The killed agent's embedded PostgreSQL outlived it; the new process took it over cleanly.
    expect(agent.output()).toMatch(/orphaned embedded PostgreSQL/);
    const cutoff = new Date(Date.now() - 2000);
    await eventually(
      async () =>
        (await scalar(onAgent, 'select count(*)::int as n from agent_outbox where time <= $1', [
          cutoff,
        ])) === 0,
      60_000,
      'the backlog to drain',
    );
    const local = await statusKeys(onAgent, cutoff);
    const pushed = await statusKeys(onUpstream, cutoff, agentId);
    expect(pushed).toEqual(local);
    const duringOutage = await scalar(
      onUpstream,
      `select count(*)::int as n from check_statuses s join checks k on k.id = s.check_id
       where k.agent_id = $1 and s.time between $2 and $3`,
      [agentId, outageStart, outageEnd],
    );
    expect(duringOutage).toBeGreaterThanOrEqual(minimumDuringOutage);
    // Counted once: the checks' totals and the hourly rollups match the raw rows.
    const { rows } = await upstreamDb.db.pool.query(
      `select (select count(*)::int from check_statuses s join checks k on k.id = s.check_id
               where k.agent_id = $1) as raw,
              (select sum(total)::int from check_statuses_1h h join checks k on k.id = h.check_id
               where k.agent_id = $1) as hourly,
              (select sum(cum_passed + cum_failed)::int from checks where agent_id = $1) as totals`,
      [agentId],
    );
    const totals = z.object({ raw: z.number(), hourly: z.number(), totals: z.number() });
    const counted = totals.parse(rows[0]);
    expect(counted.hourly).toBe(counted.raw);
    expect(counted.totals).toBe(counted.raw);
  }, 180_000);

  it('stops pushing, and says why, once its token is revoked (401)', async () => {
    const deleted = await callUpstream(upstream.url, admin, 'PATCH', `db/agents?id=eq.${agentId}`, {
      deleted_at: new Date().toISOString(),
    });
    expect(deleted.status).toBeLessThan(300);
    await agent.waitFor(/refused the agent access token \(401\)/, 30_000);
    const at = agent.output().length;
    const lastReceived = await upstreamDb.db.pool.query(
      'select last_received, last_seen from agents where id = $1',
      [agentId],
    );
    await new Promise((resolve) => setTimeout(resolve, 4000));
    expect(agent.output().slice(at)).not.toMatch(/pushed|heartbeat failed|push failed/);
    const later = await upstreamDb.db.pool.query(
      'select last_received, last_seen from agents where id = $1',
      [agentId],
    );
    expect(later.rows).toEqual(lastReceived.rows);
    // The agent itself stays up: its results keep waiting in its database.
    const port = await agent.started;
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(200);
    const metrics = await (
      await fetch(`http://127.0.0.1:${port}/api/metrics`, {
        headers: processMetricsHeaders,
      })
    ).text();
    expect(metrics).toMatch(/vigil_agent_token_revoked 1/);
  }, 60_000);
});

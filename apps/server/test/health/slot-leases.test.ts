import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  claimDue,
  releaseClaims,
  renewClaims,
  settleSlots,
  takeOverLapsed,
  type ClaimedCanary,
  type DueRow,
} from '../../src/modules/health/engine/slot-leases.repository.ts';
import type { TestApp } from '../app.ts';
import { call, createdId, startTestApp } from './health-harness.ts';

const localAgent = '00000000-0000-0000-0000-000000000000';
const replicaA = { agentId: localAgent, owner: '00000000-0000-4000-8000-00000000000a' };
const replicaB = { agentId: localAgent, owner: '00000000-0000-4000-8000-00000000000b' };
const hour = 3_600_000;
const plan = (row: DueRow) => ({
  slot: row.next_runtime.getTime(),
  next: row.next_runtime.getTime() + hour,
  onTime: false,
});

let app: TestApp;
let canaryId = '';

beforeAll(async () => {
  app = await startTestApp();
  const created = await call(app, 'POST', '/api/db/canaries', 'editor', {
    name: 'leased',
    schedule: '@every 1h',
    spec: { http: [{ name: 'one', url: 'http://127.0.0.1:9/' }] },
  });
  expect(created.status).toBe(201);
  canaryId = createdId(created);
});

afterAll(async () => {
  await app.close();
});

const db = () => app.database.db;

/** Makes the canary due now, as if its stored slot had come. */
async function makeDue(): Promise<void> {
  await db().pool.query(
    `update canaries set next_runtime = now() - interval '1 second' where id = $1`,
    [canaryId],
  );
}

async function claim(replica: typeof replicaA): Promise<ClaimedCanary[]> {
  const claimed = await claimDue(db(), replica, new Date(Date.now() + 1000), 100, 6000, plan);
  return claimed.filter((c) => c.id === canaryId);
}

async function lease(): Promise<{ token: string | null; owner: string | null; lapsed: boolean }> {
  const { rows } = await db().pool.query<{
    token: string | null;
    owner: string | null;
    lapsed: boolean;
  }>(
    `select lease_token as token, lease_owner as owner, coalesce(lease_until < now(), false) as lapsed
     from canaries where id = $1`,
    [canaryId],
  );
  const row = rows[0];
  if (!row) throw new Error('canary gone');
  return row;
}

const settle = (slots: readonly ClaimedCanary[]) => db().transaction((c) => settleSlots(c, slots));

beforeEach(async () => {
  await db().pool.query(
    `update canaries set lease_slot = null, lease_token = null, lease_owner = null,
       lease_until = null where id = $1`,
    [canaryId],
  );
});

describe('slot leases kept on the canary row', () => {
  it('leases a claimed slot to one replica and ends the lease when its results are recorded', async () => {
    await makeDue();
    const [mine] = await claim(replicaA);
    expect(mine).toBeDefined();
    expect(await lease()).toMatchObject({ token: mine?.token, owner: replicaA.owner });
    await makeDue();
    expect(await claim(replicaB)).toEqual([]);
    expect(await settle(mine ? [mine] : [])).toEqual(new Set());
    expect(await lease()).toEqual({ token: null, owner: null, lapsed: false });
  });

  it('chains the next slot to the replica that still holds the canary, and records both', async () => {
    await makeDue();
    const [first] = await claim(replicaA);
    await makeDue();
    const [second] = await claim(replicaA);
    expect(second?.token).toBe(first?.token);
    expect(second?.slot).not.toBe(first?.slot);
    // The earlier slot records and leaves the lease to the later one.
    expect(await settle(first ? [first] : [])).toEqual(new Set());
    expect((await lease()).token).toBe(first?.token);
    expect(await settle(second ? [second] : [])).toEqual(new Set());
    expect((await lease()).token).toBeNull();
  });

  it('lets another replica take a lapsed slot over, and the first one then records nothing', async () => {
    await makeDue();
    const [dead] = await claim(replicaA);
    await db().pool.query(
      `update canaries set lease_until = now() - interval '1 second' where id = $1`,
      [canaryId],
    );
    // A replica never takes over its own lapsed lease: it still holds the run.
    expect((await takeOverLapsed(db(), replicaA, 100, 6000)).map((c) => c.id)).not.toContain(
      canaryId,
    );
    const taken = (await takeOverLapsed(db(), replicaB, 100, 6000)).filter(
      (c) => c.id === canaryId,
    );
    expect(taken).toHaveLength(1);
    expect(taken[0]?.slot).toBe(dead?.slot);
    expect(taken[0]?.token).not.toBe(dead?.token);
    expect(await settle(dead ? [dead] : [])).toEqual(new Set([canaryId]));
    expect(await settle(taken)).toEqual(new Set());
    expect((await lease()).token).toBeNull();
  });

  it('renews a lease in flight and gives an unstarted slot back at once', async () => {
    await makeDue();
    const [mine] = await claim(replicaA);
    if (!mine) throw new Error('not claimed');
    await db().pool.query(
      `update canaries set lease_until = now() + interval '1 second' where id = $1`,
      [canaryId],
    );
    await renewClaims(db().pool, [mine], 60_000);
    const { rows } = await db().pool.query<{ left: number }>(
      `select extract(epoch from lease_until - now()) as left from canaries where id = $1`,
      [canaryId],
    );
    expect(Number(rows[0]?.left)).toBeGreaterThan(30);
    await releaseClaims(db().pool, [mine]);
    expect((await lease()).lapsed).toBe(true);
    const taken = (await takeOverLapsed(db(), replicaB, 100, 6000)).filter(
      (c) => c.id === canaryId,
    );
    expect(taken.map((c) => c.slot)).toEqual([mine.slot]);
  });
});

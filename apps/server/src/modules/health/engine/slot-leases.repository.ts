import { z } from 'zod';
import type { Database, Queryable } from '../../../platform/db.ts';

const dueRow = z.object({
  id: z.string(),
  schedule: z.string().nullable(),
  next_runtime: z.date(),
  updated_at: z.date(),
});
export type DueRow = z.infer<typeof dueRow>;

export interface ClaimedCanary {
  readonly id: string;
  readonly updatedAt: number;
  /** The slot this replica now leases. */
  readonly slot: number;
  /** The slot after it, already stored for every replica to see. */
  readonly next: number;
  /** A cron slot names a time of day: it never starts early (the start slack is for `@every`). */
  readonly onTime: boolean;
  /** The lease's token: only its holder may record the slot. */
  readonly token: string;
}

/** What the scheduler makes of a due row: its slot, the next one, and whether it may start early. */
export type SlotPlan = Pick<ClaimedCanary, 'slot' | 'next' | 'onTime'>;

/** A leased slot, as renewals and the write that records its run name it. */
export type ClaimedSlot = Pick<ClaimedCanary, 'id' | 'slot' | 'token'>;

/** Who claims: the agent whose canaries run here, and this replica's own id. */
export interface Claimant {
  readonly agentId: string;
  readonly owner: string;
}

const tokenRow = z.object({ id: z.string(), lease_token: z.string() });
const lapsedRow = z.object({
  id: z.string(),
  lease_slot: z.date(),
  lease_token: z.string(),
  updated_at: z.date(),
});

/** The SQL for a lease's end, `leaseMs` from now, with leaseMs as parameter `$n`. */
const leaseEnd = (n: number): string => `now() + make_interval(secs => $${n}::float8 / 1000)`;

/**
 * Claims the canaries due before `horizon`: moves each one's next_runtime to its following
 * slot and leases the slot claimed on the same row, in one transaction under SKIP LOCKED, so
 * N replicas never own one slot twice. A canary leased to another replica is left to it; one
 * leased to this replica keeps its token, so its earlier slot still records (issue #28).
 */
export async function claimDue(
  db: Database,
  claimant: Claimant,
  horizon: Date,
  limit: number,
  leaseMs: number,
  plan: (row: DueRow) => SlotPlan,
): Promise<ClaimedCanary[]> {
  return db.transaction(async (client) => {
    const due = await client.query(
      `select id, schedule, next_runtime, updated_at from canaries
       where agent_id = $1 and deleted_at is null and next_runtime is not null and next_runtime <= $2
         and (lease_token is null or lease_owner = $4)
       order by next_runtime limit $3 for update skip locked`,
      [claimant.agentId, horizon, limit, claimant.owner],
    );
    if (due.rows.length === 0) return [];
    const planned = due.rows.map((raw) => {
      const row = dueRow.parse(raw);
      return { id: row.id, updatedAt: row.updated_at.getTime(), ...plan(row) };
    });
    const tokens = await client.query(
      `update canaries c set next_runtime = u.next, lease_slot = u.slot,
         lease_token = case when c.lease_owner = $3 and c.lease_token is not null
                            then c.lease_token else gen_random_uuid() end,
         lease_owner = $3, lease_until = ${leaseEnd(2)}
       from unnest($1::uuid[], $4::timestamptz[], $5::timestamptz[]) as u(id, next, slot)
       where c.id = u.id
       returning c.id, c.lease_token`,
      [
        planned.map((c) => c.id),
        leaseMs,
        claimant.owner,
        planned.map((c) => (Number.isFinite(c.next) ? new Date(c.next) : null)),
        planned.map((c) => new Date(c.slot)),
      ],
    );
    const byId = new Map(
      z
        .array(tokenRow)
        .parse(tokens.rows)
        .map((r) => [r.id, r.lease_token]),
    );
    return planned.flatMap((c) => {
      const token = byId.get(c.id);
      return token === undefined ? [] : [{ ...c, token }];
    });
  });
}

/**
 * Slots whose lease lapsed (their replica died or stopped), leased anew to this replica and
 * run at once, late. This replica's own lapsed leases are never taken: it still holds them
 * and records them once the database answers.
 */
export async function takeOverLapsed(
  db: Database,
  claimant: Claimant,
  limit: number,
  leaseMs: number,
): Promise<ClaimedCanary[]> {
  const lapsed = await db.pool.query(
    `with lapsed as (
       select id from canaries
       where agent_id = $1 and lease_token is not null and lease_until < now() and lease_owner <> $4
       order by lease_slot limit $3 for update skip locked)
     update canaries c set lease_token = gen_random_uuid(), lease_owner = $4,
       lease_until = ${leaseEnd(2)}
     from lapsed where c.id = lapsed.id
     returning c.id, c.lease_slot, c.lease_token, c.updated_at`,
    [claimant.agentId, leaseMs, limit, claimant.owner],
  );
  return z
    .array(lapsedRow)
    .parse(lapsed.rows)
    .map((row) => ({
      id: row.id,
      updatedAt: row.updated_at.getTime(),
      slot: row.lease_slot.getTime(),
      // The next slot was stored when this one was first claimed: nothing to show for it here.
      next: Number.POSITIVE_INFINITY,
      onTime: true,
      token: row.lease_token,
    }));
}

const pairs = (slots: readonly ClaimedSlot[]) => [
  slots.map((s) => s.id),
  slots.map((s) => s.token),
];

/** Extends the leases of runs still in flight; leases a write holds are skipped (it ends them). */
export async function renewClaims(
  db: Queryable,
  slots: readonly ClaimedSlot[],
  leaseMs: number,
): Promise<void> {
  if (slots.length === 0) return;
  await db.query(
    `with mine as (
       select c.id from canaries c
       join unnest($1::uuid[], $2::uuid[]) as u(id, token) on c.id = u.id and c.lease_token = u.token
       for update of c skip locked)
     update canaries c set lease_until = ${leaseEnd(3)} from mine where c.id = mine.id`,
    [...pairs(slots), leaseMs],
  );
}

/** Gives leased slots back unrun (a replica stopping): another replica takes them over at once. */
export async function releaseClaims(db: Queryable, slots: readonly ClaimedSlot[]): Promise<void> {
  if (slots.length === 0) return;
  await db.query(
    `update canaries c set lease_until = now() - interval '1 millisecond'
     from unnest($1::uuid[], $2::uuid[]) as u(id, token)
     where c.id = u.id and c.lease_token = u.token`,
    pairs(slots),
  );
}

const wonRow = z.object({ id: z.string() });

/**
 * In the transaction that records the slots' results: ends each lease this replica still
 * holds (locking the rows in id order, as the results write locks checks). Answers the
 * canaries whose lease was lost to another replica: their results are not recorded.
 */
export async function settleSlots(
  client: Queryable,
  slots: readonly ClaimedSlot[],
): Promise<Set<string>> {
  if (slots.length === 0) return new Set();
  const settled = await client.query(
    `with locked as (
       select id, lease_token, lease_slot from canaries
       where id = any($1::uuid[]) order by id for update),
     won as (
       select u.id, u.slot, l.lease_slot from unnest($1::uuid[], $2::uuid[], $3::timestamptz[])
         as u(id, token, slot)
       join locked l on l.id = u.id and l.lease_token = u.token),
     ended as (
       update canaries c set lease_slot = null, lease_token = null, lease_owner = null,
         lease_until = null
       from won where c.id = won.id and won.lease_slot = won.slot)
     select distinct id from won`,
    [...pairs(slots), slots.map((s) => new Date(s.slot))],
  );
  const won = new Set(
    z
      .array(wonRow)
      .parse(settled.rows)
      .map((r) => r.id),
  );
  return new Set(slots.filter((s) => !won.has(s.id)).map((s) => s.id));
}

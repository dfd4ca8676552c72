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

const leased = z.array(z.object({ canary_id: z.string(), slot: z.date(), token: z.string() }));
const lapsedRow = leased.element.extend({ updated_at: z.date() });

/**
 * Claims the canaries due before `horizon`: moves each one's next_runtime to its following
 * slot and leases the slot claimed, in one transaction under SKIP LOCKED, so N replicas never
 * own one slot twice. Then takes over slots whose lease lapsed (their replica died), except
 * the `held` ones: this replica still owns those and records them once the database answers.
 */
export async function claimDue(
  db: Database,
  agentId: string,
  horizon: Date,
  limit: number,
  leaseMs: number,
  plan: (row: DueRow) => SlotPlan,
  held: readonly string[] = [],
): Promise<ClaimedCanary[]> {
  const claimed = await db.transaction(async (client) => {
    const due = await client.query(
      `select id, schedule, next_runtime, updated_at from canaries
       where agent_id = $1 and deleted_at is null and next_runtime is not null and next_runtime <= $2
       order by next_runtime limit $3 for update skip locked`,
      [agentId, horizon, limit],
    );
    if (due.rows.length === 0) return [];
    const planned = due.rows.map((raw) => {
      const row = dueRow.parse(raw);
      return { id: row.id, updatedAt: row.updated_at.getTime(), ...plan(row) };
    });
    await client.query(
      `update canaries c set next_runtime = u.next
       from unnest($1::uuid[], $2::timestamptz[]) as u(id, next) where c.id = u.id`,
      [
        planned.map((c) => c.id),
        planned.map((c) => (Number.isFinite(c.next) ? new Date(c.next) : null)),
      ],
    );
    const tokens = await client.query(
      `insert into canary_slot_leases (canary_id, slot, token, claimed_until)
       select u.id, u.slot, gen_random_uuid(), now() + make_interval(secs => $3::float8 / 1000)
       from unnest($1::uuid[], $2::timestamptz[]) as u(id, slot)
       on conflict do nothing
       returning canary_id, slot, token`,
      [planned.map((c) => c.id), planned.map((c) => new Date(c.slot)), leaseMs],
    );
    const byKey = new Map(
      leased.parse(tokens.rows).map((r) => [key(r.canary_id, r.slot), r.token]),
    );
    return planned.flatMap((c) => {
      const token = byKey.get(key(c.id, new Date(c.slot)));
      return token === undefined ? [] : [{ ...c, token }];
    });
  });
  const room = limit - claimed.length;
  return room > 0 ? [...claimed, ...(await takeOver(db, agentId, room, leaseMs, held))] : claimed;
}

const key = (id: string, slot: Date): string => `${id}@${slot.getTime()}`;

/** Slots whose lease lapsed, leased anew to this replica and run at once, late. */
async function takeOver(
  db: Database,
  agentId: string,
  limit: number,
  leaseMs: number,
  held: readonly string[],
): Promise<ClaimedCanary[]> {
  const lapsed = await db.pool.query(
    `with lapsed as (
       select l.canary_id, l.slot from canary_slot_leases l
       join canaries c on c.id = l.canary_id and c.agent_id = $1
       where l.claimed_until < now() and l.token <> all($4::uuid[])
       order by l.slot limit $2 for update of l skip locked)
     update canary_slot_leases l set token = gen_random_uuid(),
       claimed_until = now() + make_interval(secs => $3::float8 / 1000)
     from lapsed join canaries c on c.id = lapsed.canary_id
     where l.canary_id = lapsed.canary_id and l.slot = lapsed.slot
     returning l.canary_id, l.slot, l.token, c.updated_at`,
    [agentId, limit, leaseMs, held],
  );
  return lapsed.rows.map((raw) => {
    const row = lapsedRow.parse(raw);
    const slot = row.slot.getTime();
    // The next slot was stored when this one was first claimed: nothing to show for it here.
    const next = Number.POSITIVE_INFINITY;
    return {
      id: row.canary_id,
      updatedAt: row.updated_at.getTime(),
      slot,
      next,
      onTime: true,
      token: row.token,
    };
  });
}

const triples = (slots: readonly ClaimedSlot[]) => [
  slots.map((s) => s.id),
  slots.map((s) => new Date(s.slot)),
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
       select l.canary_id, l.slot from canary_slot_leases l
       join unnest($1::uuid[], $2::timestamptz[], $3::uuid[]) as u(id, slot, token)
         on l.canary_id = u.id and l.slot = u.slot and l.token = u.token
       for update of l skip locked)
     update canary_slot_leases l set claimed_until = now() + make_interval(secs => $4::float8 / 1000)
     from mine where l.canary_id = mine.canary_id and l.slot = mine.slot`,
    [...triples(slots), leaseMs],
  );
}

/** Gives leased slots back unrun (a replica stopping): another replica takes them over at once. */
export async function releaseClaims(db: Queryable, slots: readonly ClaimedSlot[]): Promise<void> {
  if (slots.length === 0) return;
  await db.query(
    `update canary_slot_leases l set claimed_until = now() - interval '1 millisecond'
     from unnest($1::uuid[], $2::timestamptz[], $3::uuid[]) as u(id, slot, token)
     where l.canary_id = u.id and l.slot = u.slot and l.token = u.token`,
    triples(slots),
  );
}

/**
 * In the transaction that records the slots' results: ends each lease this replica still
 * holds. Answers the canaries whose lease was lost (it lapsed and another replica took the
 * slot over): their results are not recorded, so that a slot never has two.
 */
export async function settleSlots(
  client: Queryable,
  slots: readonly ClaimedSlot[],
): Promise<Set<string>> {
  if (slots.length === 0) return new Set();
  const settled = await client.query(
    `delete from canary_slot_leases l
     using unnest($1::uuid[], $2::timestamptz[], $3::uuid[]) as u(id, slot, token)
     where l.canary_id = u.id and l.slot = u.slot and l.token = u.token
     returning l.canary_id, l.slot, l.token`,
    triples(slots),
  );
  const won = new Set(leased.parse(settled.rows).map((r) => key(r.canary_id, r.slot)));
  return new Set(slots.filter((s) => !won.has(key(s.id, new Date(s.slot)))).map((s) => s.id));
}

const canaryRow = z.object({
  id: z.string(),
  name: z.string(),
  namespace: z.string(),
  agent_id: z.string(),
  labels: z.record(z.string(), z.unknown()),
  spec: z.unknown(),
  schedule: z.string().nullable(),
  updated_at: z.date(),
  deleted_at: z.date().nullable(),
  connection_pairing_approved: z.boolean(),
  checks: z.array(
    z.object({
      id: z.string(),
      type: z.string(),
      name: z.string(),
      labels: z.record(z.string(), z.unknown()),
    }),
  ),
});
export type CanaryRow = z.infer<typeof canaryRow>;

/** A canary with its declared (not transformed) live checks. */
export async function loadCanary(db: Queryable, id: string): Promise<CanaryRow | undefined> {
  const found = await db.query(
    `select c.id, c.name, c.namespace, c.agent_id, c.labels, c.spec, c.schedule, c.updated_at,
            c.deleted_at, c.connection_pairing_approved,
            coalesce((select jsonb_agg(jsonb_build_object('id', k.id, 'type', k.type, 'name', k.name,
                                                          'labels', k.labels))
                      from checks k
                      where k.canary_id = c.id and k.deleted_at is null and not k.transformed), '[]')
              as checks
     from canaries c where c.id = $1`,
    [id],
  );
  const row: unknown = found.rows[0];
  return row === undefined ? undefined : canaryRow.parse(row);
}

/** The canary a check belongs to, for Run Now. */
export async function canaryOfCheck(
  db: Queryable,
  checkId: string,
): Promise<{ canaryId: string; transformed: boolean } | undefined> {
  const found = await db.query(
    `select canary_id, transformed from checks where id = $1 and deleted_at is null`,
    [checkId],
  );
  const row = z
    .object({ canary_id: z.string(), transformed: z.boolean() })
    .optional()
    .parse(found.rows[0]);
  return row && { canaryId: row.canary_id, transformed: row.transformed };
}

import { z } from 'zod';
import type { Queryable } from '../../../platform/db.ts';
import { badRequest, conflict } from '../../../platform/errors.ts';
import type { Actor } from '../../../platform/http/actor.ts';
import {
  connectionPairings,
  mayPairConnections,
  refuseForeignPairings,
  sftpPathPairing,
} from '../../connections/index.ts';
import { firstSlot, parseSchedule } from '../engine/schedule.ts';
import { parseCanarySpec } from './canary-spec.ts';
import { retireChecks, syncChecks } from './checks.repository.ts';
import { retireManaged, upsertManaged } from './managed-canaries.repository.ts';

/**
 * Canaries a topology's component declares (`checks[].inline`), with canary-checker's source
 * `component/<component id>`. The canaries write hook refuses to edit them, so they change
 * only through the topology's spec.
 */
export const managedSourcePrefix = 'component/';

export function isManagedSource(source: unknown): boolean {
  return typeof source === 'string' && source.startsWith(managedSourcePrefix);
}

type ParsedInline = Extract<ReturnType<typeof parseCanarySpec>, { ok: true }>;

/** The canary write rules for a spec declared at `at` (e.g. `spec.components[0].checks[0].inline`). */
export function parseManagedSpec(spec: unknown, at: string): ParsedInline {
  const parsed = parseCanarySpec(spec);
  if (!parsed.ok) throw badRequest(`${parsed.field.replace(/^spec/, at)} ${parsed.message}`);
  if (parsed.agentSelector.length > 0) throw badRequest(`${at}.agentSelector is not supported`);
  return parsed;
}

/**
 * Checked when the owner's spec is written, with the writer: the spec rules and the connection
 * pairing rule. Answers whether the writer may pair connections, which the runs then carry.
 */
export async function validateManagedSpec(
  db: Queryable,
  actor: Actor,
  spec: unknown,
  at: string,
): Promise<boolean> {
  const parsed = parseManagedSpec(spec, at);
  const pairings = parsed.checks.flatMap((check) => [
    ...connectionPairings(check.spec, `${at}${check.field.replace(/^spec/, '')}`),
    ...sftpPathPairing(check.spec, `${at}${check.field.replace(/^spec/, '')}`),
  ]);
  await refuseForeignPairings(db, actor, pairings);
  return mayPairConnections(actor);
}

export interface ManagedCanary {
  /** `component/<component id>`: one canary per component. */
  readonly source: string;
  readonly name: string;
  /** Names tried in turn when `name` is another canary's. */
  readonly fallbackNames: readonly string[];
  readonly namespace: string;
  readonly agentId: string;
  readonly labels: Record<string, string>;
  readonly spec: Record<string, unknown>;
  /** The schedule when the spec names none. */
  readonly schedule: string;
  readonly pairingApproved: boolean;
  readonly createdBy: string | null;
}

/**
 * Creates or updates one managed canary and derives its checks, in the caller's transaction.
 * Answers the canary id and its live check ids. A name taken by another canary is refused.
 */
export async function syncManagedCanary(
  db: Queryable,
  canary: ManagedCanary,
  at: string,
): Promise<{ id: string; checkIds: string[] }> {
  const parsed = parseManagedSpec(canary.spec, at);
  const schedule = parsed.schedule ?? canary.schedule;
  const next = parsed.paused ? null : new Date(firstSlot(parseSchedule(schedule), Date.now()));
  const id = await upsertManaged(db, canary, schedule, next);
  if (id === undefined) {
    throw conflict(`${at}: canary ${canary.namespace}/${canary.name} already exists`);
  }
  await syncChecks(db, { id, namespace: canary.namespace, agentId: canary.agentId }, parsed.checks);
  const checks = await db.query(
    `select id from checks where canary_id = $1 and deleted_at is null order by name`,
    [id],
  );
  const checkIds = z.array(z.object({ id: z.string() })).parse(checks.rows);
  return { id, checkIds: checkIds.map((row) => row.id) };
}

/** Retires the managed canaries of these sources, with their checks. */
export async function retireManagedCanaries(
  db: Queryable,
  sources: readonly string[],
): Promise<number> {
  const managed = sources.filter(isManagedSource);
  if (managed.length === 0) return 0;
  const retired = await retireManaged(db, managed);
  for (const id of retired) await retireChecks(db, id);
  return retired.length;
}

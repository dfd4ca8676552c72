import { z } from 'zod';
import type { Queryable } from '../../../platform/db.ts';
import { uiContainerSchema, type UiContainer } from '../ui/ui.types.ts';

export const flowKinds = ['login', 'registration', 'settings', 'recovery', 'verification'] as const;
export type FlowKind = (typeof flowKinds)[number];

const flowRow = z.object({
  id: z.string(),
  kind: z.enum(flowKinds),
  state: z.string(),
  csrf_hash: z.string(),
  identity_id: z.string().nullable(),
  return_to: z.string().nullable(),
  request_url: z.string(),
  refresh: z.boolean(),
  requested_aal: z.enum(['aal1', 'aal2']),
  ui: uiContainerSchema,
  internal: z.record(z.string(), z.unknown()),
  issued_at: z.date(),
  expires_at: z.date(),
  created_at: z.date(),
  updated_at: z.date(),
});
export type FlowRecord = z.infer<typeof flowRow>;

const columns = `id, kind, state, csrf_hash, identity_id, return_to, request_url, refresh,
  requested_aal, ui, internal, issued_at, expires_at, created_at, updated_at`;

export interface NewFlow {
  readonly kind: FlowKind;
  readonly state: string;
  readonly csrfHash: string;
  readonly identityId: string | null;
  readonly returnTo: string | null;
  readonly requestUrl: string;
  readonly refresh: boolean;
  readonly requestedAal: 'aal1' | 'aal2';
  readonly ui: UiContainer;
  readonly internal: Record<string, unknown>;
  readonly lifetimeSeconds: number;
}

export async function insertFlow(db: Queryable, flow: NewFlow): Promise<FlowRecord> {
  const result = await db.query(
    `insert into identity_flows (kind, state, csrf_hash, identity_id, return_to, request_url,
       refresh, requested_aal, ui, internal, expires_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, now() + make_interval(secs => $11))
     returning ${columns}`,
    [
      flow.kind,
      flow.state,
      flow.csrfHash,
      flow.identityId,
      flow.returnTo,
      flow.requestUrl,
      flow.refresh,
      flow.requestedAal,
      flow.ui,
      flow.internal,
      flow.lifetimeSeconds,
    ],
  );
  return flowRow.parse(result.rows[0]);
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function findFlow(db: Queryable, id: string): Promise<FlowRecord | undefined> {
  if (!uuidPattern.test(id)) return undefined;
  const result = await db.query(`select ${columns} from identity_flows where id = $1`, [id]);
  return result.rows[0] === undefined ? undefined : flowRow.parse(result.rows[0]);
}

export async function saveFlow(
  db: Queryable,
  id: string,
  changes: { state: string; ui: UiContainer; internal: Record<string, unknown> },
): Promise<FlowRecord> {
  const result = await db.query(
    `update identity_flows set state = $2, ui = $3, internal = $4 where id = $1 returning ${columns}`,
    [id, changes.state, changes.ui, changes.internal],
  );
  return flowRow.parse(result.rows[0]);
}

export async function insertFlowError(db: Queryable, error: unknown): Promise<string> {
  const result = await db.query<{ id: string }>(
    'insert into identity_flow_errors (error) values ($1) returning id',
    [JSON.stringify(error)],
  );
  return result.rows[0]?.id ?? '';
}

export async function findFlowError(
  db: Queryable,
  id: string,
): Promise<{ id: string; error: unknown; created_at: Date } | undefined> {
  if (!uuidPattern.test(id)) return undefined;
  const result = await db.query<{ id: string; error: unknown; created_at: Date }>(
    'select id, error, created_at from identity_flow_errors where id = $1',
    [id],
  );
  return result.rows[0];
}

/** Flows and flow errors past their use; run by the retention job. */
export async function deleteExpiredFlows(db: Queryable): Promise<number> {
  const result = await db.query<{ deleted: number }>(
    `with flows as (
       delete from identity_flows where expires_at < now() - interval '1 day' returning 1
     ), errors as (
       delete from identity_flow_errors where created_at < now() - interval '1 day' returning 1
     )
     select (select count(*) from flows)::int + (select count(*) from errors)::int as deleted`,
  );
  return result.rows[0]?.deleted ?? 0;
}

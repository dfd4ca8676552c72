import {
  playbookRunActionSchema,
  playbookRunSchema,
  playbookApprovalEntrySchema,
  type PlaybookRunsQuery,
} from '@vigil/domain';
import { z } from 'zod';
import type { Queryable } from '../../../platform/db.ts';

export interface NewRun {
  readonly playbookId: string;
  readonly spec: unknown;
  readonly status: 'pending' | 'pending_approval' | 'scheduled';
  readonly parameters: Record<string, unknown>;
  readonly request: Record<string, unknown> | null;
  readonly configId: string | null;
  readonly componentId: string | null;
  readonly checkId: string | null;
  readonly createdBy: string | null;
  readonly trigger: string;
  readonly timeoutMs: number | null;
  readonly parentId?: string | null;
}

export async function insertRun(db: Queryable, run: NewRun): Promise<string> {
  const found = await db.query<{ id: string }>(
    `insert into playbook_runs (playbook_id, spec, status, parameters, request, config_id,
       component_id, check_id, created_by, trigger, timeout, parent_id)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11 * interval '1 millisecond', $12)
     returning id`,
    [
      run.playbookId,
      JSON.stringify(run.spec),
      run.status,
      JSON.stringify(run.parameters),
      run.request ? JSON.stringify(run.request) : null,
      run.configId,
      run.componentId,
      run.checkId,
      run.createdBy,
      run.trigger,
      run.timeoutMs,
      run.parentId ?? null,
    ],
  );
  const id = found.rows[0]?.id;
  if (!id) throw new Error('the run was not inserted');
  return id;
}

const iso = z
  .union([z.date(), z.string()])
  .transform((v) => (typeof v === 'string' ? v : v.toISOString()));
const isoOrNull = iso.nullable();

const runRow = z
  .object({
    id: z.string(),
    playbook_id: z.string(),
    playbook_name: z.string(),
    status: z.string(),
    parameters: z.record(z.string(), z.unknown()).nullable().transform(maskSealed),
    error: z.string().nullable(),
    config_id: z.string().nullable(),
    component_id: z.string().nullable(),
    check_id: z.string().nullable(),
    parent_id: z.string().nullable(),
    created_by: z.string().nullable(),
    trigger: z.string().nullable(),
    created_at: iso,
    start_time: isoOrNull,
    end_time: isoOrNull,
    scheduled_time: iso,
  })
  .pipe(playbookRunSchema);

/** A sealed secret parameter (`v1.<iv>.<tag>.<data>`) is shown masked, never sealed or open. */
const sealed = /^v1\.[\w-]+\.[\w-]+\.[\w-]+$/;
function maskSealed(params: Record<string, unknown> | null): Record<string, unknown> | null {
  if (!params) return params;
  return Object.fromEntries(
    Object.entries(params).map(([k, v]) => [
      k,
      typeof v === 'string' && sealed.test(v) ? '********' : v,
    ]),
  );
}

const runSelect = `select r.id, r.playbook_id, p.name as playbook_name, r.status, r.parameters,
  r.error, r.config_id, r.component_id, r.check_id, r.parent_id, r.created_by, r.trigger,
  r.created_at, r.start_time, r.end_time, r.scheduled_time
  from playbook_runs r join playbooks p on p.id = r.playbook_id`;

export async function findRun(db: Queryable, id: string) {
  const found = await db.query(`${runSelect} where r.id = $1`, [id]);
  return found.rows[0] ? runRow.parse(found.rows[0]) : undefined;
}

/** The spec snapshot and creator of a run, for approvals and cancel. */
export async function runControl(db: Queryable, id: string, lock: boolean) {
  const found = await db.query(
    `select status, spec, created_by from playbook_runs where id = $1 ${lock ? 'for update' : ''}`,
    [id],
  );
  return found.rows[0]
    ? z
        .object({ status: z.string(), spec: z.unknown(), created_by: z.string().nullable() })
        .parse(found.rows[0])
    : undefined;
}

export async function listRuns(db: Queryable, query: PlaybookRunsQuery) {
  const where: string[] = [];
  const values: unknown[] = [];
  const add = (sql: string, value: unknown) => {
    values.push(value);
    where.push(sql.replace('?', `$${values.length}`));
  };
  if (query.playbook_id) add('r.playbook_id = ?', query.playbook_id);
  if (query.status) add('r.status = ?', query.status);
  if (query.config_id) add('r.config_id = ?', query.config_id);
  if (query.component_id) add('r.component_id = ?', query.component_id);
  if (query.check_id) add('r.check_id = ?', query.check_id);
  if (query.starts) add('r.created_at >= ?', query.starts);
  if (query.ends) add('r.created_at <= ?', query.ends);
  const filter = where.length ? `where ${where.join(' and ')}` : '';
  const count = await db.query<{ n: string }>(
    `select count(*) as n from playbook_runs r ${filter}`,
    values,
  );
  const found = await db.query(
    `${runSelect} ${filter} order by r.created_at desc limit ${query.limit} offset ${query.offset}`,
    values,
  );
  return {
    data: found.rows.map((row) => runRow.parse(row)),
    totalEntries: Number(count.rows[0]?.n ?? 0),
  };
}

const actionRow = z
  .object({
    id: z.string(),
    name: z.string(),
    type: z.string().nullable(),
    status: z.string(),
    start_time: isoOrNull,
    end_time: isoOrNull,
    scheduled_time: iso,
    retry_count: z.number().int(),
    result: z.unknown(),
    error: z.string().nullable(),
  })
  .pipe(playbookRunActionSchema);

export async function runActions(db: Queryable, runId: string) {
  const found = await db.query(
    `select id, name, type, status, start_time, end_time, scheduled_time, retry_count, result, error
     from playbook_run_actions where playbook_run_id = $1 order by position`,
    [runId],
  );
  return found.rows.map((row) => actionRow.parse(row));
}

const approvalRow = z
  .object({
    id: z.string(),
    person_id: z.string().nullable(),
    team_id: z.string().nullable(),
    status: z.enum(['approved', 'rejected']),
    created_at: iso,
  })
  .pipe(playbookApprovalEntrySchema);

export async function runApprovals(db: Queryable, runId: string) {
  const found = await db.query(
    `select id, person_id, team_id, status, created_at from playbook_approvals
     where run_id = $1 order by created_at`,
    [runId],
  );
  return found.rows.map((row) => approvalRow.parse(row));
}

export async function cancelRun(db: Queryable, id: string): Promise<void> {
  await db.query(
    `update playbook_runs set status = 'cancelled', end_time = now(),
       error = coalesce(error, 'cancelled') where id = $1`,
    [id],
  );
  await db.query(
    `update playbook_run_actions set status = 'cancelled', end_time = now()
     where playbook_run_id = $1 and status in ('pending', 'sleeping', 'waiting', 'scheduled')`,
    [id],
  );
}

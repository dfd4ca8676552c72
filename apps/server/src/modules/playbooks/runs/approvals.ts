import { playbookApprovalSchema } from '@vigil/domain';
import { z } from 'zod';
import type { Queryable } from '../../../platform/db.ts';

const approvalOf = z.object({ approval: playbookApprovalSchema.optional() }).loose();

export interface Approvers {
  readonly type: 'any' | 'all';
  readonly people: readonly string[];
  readonly teams: readonly string[];
}

/** The approvers a spec names, or undefined when its runs need no approval. */
export function approversOf(spec: unknown): Approvers | undefined {
  const parsed = approvalOf.safeParse(spec);
  const approval = parsed.success ? parsed.data.approval : undefined;
  const people = approval?.approvers?.people ?? [];
  const teams = approval?.approvers?.teams ?? [];
  if (people.length === 0 && teams.length === 0) return undefined;
  return { type: approval?.type ?? 'any', people, teams };
}

/** Whether a person is a listed approver, and through which team when not by name. */
export async function approverRole(db: Queryable, approvers: Approvers, personId: string) {
  const person = await db.query<{ id: string }>(
    `select id from people where id = $1 and (id::text = any($2) or email = any($2) or name = any($2))`,
    [personId, approvers.people],
  );
  if (person.rows[0]) return { approver: true, teamId: null };
  const team = await db.query<{ id: string }>(
    `select t.id from teams t join team_members m on m.team_id = t.id
     where m.person_id = $1 and t.deleted_at is null and (t.id::text = any($2) or t.name = any($2))
     limit 1`,
    [personId, approvers.teams],
  );
  return team.rows[0]
    ? { approver: true, teamId: team.rows[0].id }
    : { approver: false, teamId: null };
}

/** `any`: one approval is enough. `all`: every listed person and every listed team approved. */
export async function approvalComplete(db: Queryable, runId: string, approvers: Approvers) {
  if (approvers.type === 'any') return true;
  const found = await db.query<{ people: string; teams: string }>(
    `select
       (select count(*) from people p where (p.id::text = any($2) or p.email = any($2) or p.name = any($2))
          and not exists (select 1 from playbook_approvals a where a.run_id = $1
            and a.person_id = p.id and a.status = 'approved')) as people,
       (select count(*) from teams t where (t.id::text = any($3) or t.name = any($3))
          and not exists (select 1 from playbook_approvals a where a.run_id = $1
            and a.team_id = t.id and a.status = 'approved')) as teams`,
    [runId, approvers.people, approvers.teams],
  );
  const row = found.rows[0];
  return Number(row?.people ?? 1) === 0 && Number(row?.teams ?? 1) === 0;
}

export async function insertApproval(
  db: Queryable,
  approval: {
    runId: string;
    personId: string;
    teamId: string | null;
    status: 'approved' | 'rejected';
    comment: string | null;
  },
): Promise<void> {
  await db.query(
    `insert into playbook_approvals (run_id, person_id, team_id, status, comment)
     values ($1, $2, $3, $4, $5)
     on conflict (run_id, person_id) where person_id is not null
     do update set status = excluded.status, comment = excluded.comment, team_id = excluded.team_id`,
    [approval.runId, approval.personId, approval.teamId, approval.status, approval.comment],
  );
}

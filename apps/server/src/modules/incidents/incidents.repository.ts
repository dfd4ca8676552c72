import { z } from 'zod';
import {
  hypothesisTypeSchema,
  incidentStatusSchema,
  type HypothesisType,
  type IncidentStatus,
} from '@vigil/domain';
import type { Queryable } from '../../platform/db.ts';

/** Adds the root hypothesis every incident starts with (spec 002 §4: status possible). */
export async function insertRootHypothesis(
  client: Queryable,
  incidentId: string,
  title: string,
  createdBy: string | null,
): Promise<string> {
  const inserted = await client.query<{ id: string }>(
    `insert into hypotheses (incident_id, type, title, status, created_by)
     values ($1, 'root', $2, 'possible', $3) returning id`,
    [incidentId, title, createdBy],
  );
  return z.object({ id: z.string() }).parse(inserted.rows[0]).id;
}

const hypothesisRow = z.object({
  id: z.string(),
  incident_id: z.string(),
  type: hypothesisTypeSchema,
});

export interface HypothesisRef {
  readonly id: string;
  readonly incidentId: string;
  readonly type: HypothesisType;
}

export async function findHypothesis(
  client: Queryable,
  id: string,
): Promise<HypothesisRef | undefined> {
  const found = await client.query(
    'select id, incident_id, type from hypotheses where id = $1 and deleted_at is null',
    [id],
  );
  if (found.rows.length === 0) return undefined;
  const row = hypothesisRow.parse(found.rows[0]);
  return { id: row.id, incidentId: row.incident_id, type: row.type };
}

export async function incidentExists(client: Queryable, id: string): Promise<boolean> {
  const found = await client.query('select 1 from incidents where id = $1 and deleted_at is null', [
    id,
  ]);
  return found.rows.length > 0;
}

export async function incidentOfEvidence(
  client: Queryable,
  evidenceId: string,
): Promise<string | undefined> {
  const found = await client.query<{ incident_id: string }>(
    `select h.incident_id from evidences e join hypotheses h on h.id = e.hypothesis_id
     where e.id = $1`,
    [evidenceId],
  );
  return found.rows[0]?.incident_id;
}

const progressRow = z.object({
  status: incidentStatusSchema,
  items: z.coerce.number(),
  open_items: z.coerce.number(),
});

/** The incident's status and how many definition-of-done items it has, and how many are open. */
export async function definitionOfDoneProgress(client: Queryable, incidentId: string) {
  const found = await client.query(
    `select i.status,
            count(e.id) as items,
            count(e.id) filter (where not e.done) as open_items
       from incidents i
       left join hypotheses h on h.incident_id = i.id
       left join evidences e on e.hypothesis_id = h.id and e.definition_of_done
                             and e.deleted_at is null
      where i.id = $1
      group by i.status`,
    [incidentId],
  );
  return found.rows.length === 0 ? undefined : progressRow.parse(found.rows[0]);
}

/** Sets an incident's status; the status trigger keeps previous_status and the times. */
export async function setIncidentStatus(
  client: Queryable,
  incidentId: string,
  status: IncidentStatus,
): Promise<void> {
  await client.query('update incidents set status = $2 where id = $1', [incidentId, status]);
}

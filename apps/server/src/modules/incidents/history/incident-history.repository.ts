import type { IncidentHistoryType } from '@vigil/domain';
import type { Queryable } from '../../../platform/db.ts';

export interface HistoryEntry {
  readonly incidentId: string;
  readonly type: IncidentHistoryType;
  readonly description?: string | null;
  readonly createdBy?: string | null;
  readonly responderId?: string | null;
  readonly evidenceId?: string | null;
  readonly commentId?: string | null;
  readonly hypothesisId?: string | null;
}

/** Appends a changelog entry in the caller's transaction (spec 002 §4 Changelog event names). */
export async function recordHistory(client: Queryable, entry: HistoryEntry): Promise<void> {
  await client.query(
    // clock_timestamp, not the transaction's now(): events of one change keep their order.
    `insert into incident_histories
       (incident_id, type, description, created_by, responder_id, evidence_id, comment_id,
        hypothesis_id, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, clock_timestamp())`,
    [
      entry.incidentId,
      entry.type,
      entry.description ?? null,
      entry.createdBy ?? null,
      entry.responderId ?? null,
      entry.evidenceId ?? null,
      entry.commentId ?? null,
      entry.hypothesisId ?? null,
    ],
  );
}

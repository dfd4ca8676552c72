import type { Queryable } from '../../../platform/db.ts';
import type { DeclaredCheck } from './canary-spec.ts';
import {
  pruneUndeclaredLinks,
  retireCanaryLinks,
} from '../relationships/check-relationships.repository.ts';

const declaredColumns = `c(type text, name text, namespace text, description text, icon text,
  endpoint text, labels jsonb, spec jsonb, severity text, owner text)`;

/**
 * Makes the canary's live checks exactly the declared ones: new ones are added, existing ones
 * (same canary, type and name) updated in place so their history stays, the rest soft-deleted.
 * A check's labels are its canary's with its own over them, as canary-checker gives them.
 */
export async function syncChecks(
  db: Queryable,
  canary: { id: string; namespace: string; agentId: string },
  checks: readonly DeclaredCheck[],
): Promise<void> {
  const declared = JSON.stringify(checks);
  await db.query(
    `update checks k set deleted_at = now()
     where k.canary_id = $1 and k.deleted_at is null and not exists (
       select 1 from jsonb_to_recordset($2::jsonb) as ${declaredColumns}
       where c.type = k.type and c.name = k.name)`,
    [canary.id, declared],
  );
  await db.query(
    `insert into checks (canary_id, agent_id, type, name, namespace, description, icon, endpoint,
       labels, spec, severity, owner)
     select $1, $2, c.type, c.name, coalesce(c.namespace, $3), c.description, c.icon, c.endpoint,
       p.labels || coalesce(c.labels, '{}'), c.spec, c.severity, c.owner
     from jsonb_to_recordset($4::jsonb) as ${declaredColumns}
     cross join (select labels from canaries where id = $1) p
     on conflict (canary_id, type, name) where deleted_at is null do update set
       namespace = excluded.namespace, description = excluded.description, icon = excluded.icon,
       endpoint = excluded.endpoint, labels = excluded.labels, spec = excluded.spec,
       severity = excluded.severity, owner = excluded.owner`,
    [canary.id, canary.agentId, canary.namespace, declared],
  );
  await pruneUndeclaredLinks(db, canary.id);
}

/** A deleted canary's checks go with it (soft delete, history kept). */
export async function retireChecks(db: Queryable, canaryId: string): Promise<void> {
  await db.query(
    'update checks set deleted_at = now() where canary_id = $1 and deleted_at is null',
    [canaryId],
  );
  await retireCanaryLinks(db, canaryId);
}

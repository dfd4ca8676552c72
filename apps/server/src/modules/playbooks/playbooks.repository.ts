import { playbookSpecSchema, type PlaybookSpec } from '@vigil/domain';
import { z } from 'zod';
import type { Queryable } from '../../platform/db.ts';

export interface StoredPlaybook {
  readonly id: string;
  readonly name: string;
  readonly namespace: string;
  readonly title: string | null;
  readonly icon: string | null;
  readonly description: string | null;
  readonly category: string | null;
  readonly spec: PlaybookSpec;
  readonly createdBy: string | null;
}

const row = z
  .object({
    id: z.string(),
    name: z.string(),
    namespace: z.string(),
    title: z.string().nullable(),
    icon: z.string().nullable(),
    description: z.string().nullable(),
    category: z.string().nullable(),
    spec: z.unknown(),
    created_by: z.string().nullable(),
  })
  .transform((r): StoredPlaybook | undefined => {
    // A row written before validation existed may not parse; it is left out, not fatal.
    const spec = playbookSpecSchema.safeParse(r.spec);
    if (!spec.success) return undefined;
    return {
      id: r.id,
      name: r.name,
      namespace: r.namespace,
      title: r.title,
      icon: r.icon,
      description: r.description,
      category: r.category,
      spec: spec.data,
      createdBy: r.created_by,
    };
  });

const columns = 'id, name, namespace, title, icon, description, category, spec, created_by';

export async function findPlaybook(db: Queryable, id: string): Promise<StoredPlaybook | undefined> {
  const found = await db.query(
    `select ${columns} from playbooks where id = $1 and deleted_at is null`,
    [id],
  );
  return found.rows[0] ? row.parse(found.rows[0]) : undefined;
}

/** Live playbooks that select resources of a kind (their spec names configs, components …). */
export async function playbooksSelecting(
  db: Queryable,
  key: 'configs' | 'components' | 'checks',
): Promise<StoredPlaybook[]> {
  const found = await db.query(
    `select ${columns} from playbooks where deleted_at is null
       and jsonb_array_length(coalesce(spec -> $1, '[]')) > 0 order by name`,
    [key],
  );
  return found.rows.map((r) => row.parse(r)).filter((p): p is StoredPlaybook => p !== undefined);
}

/** The live playbook whose `on.webhook.path` is `path`. */
export async function playbookByWebhook(db: Queryable, path: string) {
  const found = await db.query(
    `select ${columns} from playbooks where deleted_at is null
       and spec -> 'on' -> 'webhook' ->> 'path' = $1 limit 1`,
    [path],
  );
  return found.rows[0] ? row.parse(found.rows[0]) : undefined;
}

/** Live playbooks that listen to an event (`check.failed` …). */
export async function playbooksOnEvent(db: Queryable, event: string) {
  const found = await db.query(
    `select ${columns} from playbooks p where p.deleted_at is null
       and exists (select 1 from playbook_event_triggers t where t.playbook_id = p.id and t.event = $1)`,
    [event],
  );
  return found.rows.map((r) => row.parse(r)).filter((p): p is StoredPlaybook => p !== undefined);
}

/** Keeps the trigger tables in step with a written spec (and empties them on delete). */
export async function syncTriggers(
  db: Queryable,
  playbookId: string,
  events: readonly string[],
  schedules: ReadonlyArray<{ schedule: string; parameters: unknown; next: Date }>,
): Promise<void> {
  await db.query('delete from playbook_event_triggers where playbook_id = $1', [playbookId]);
  await db.query(
    `insert into playbook_event_triggers (playbook_id, event)
     select $1, unnest($2::text[]) on conflict do nothing`,
    [playbookId, [...new Set(events)]],
  );
  await db.query('delete from playbook_schedules where playbook_id = $1', [playbookId]);
  for (const [position, entry] of schedules.entries()) {
    await db.query(
      `insert into playbook_schedules (playbook_id, position, schedule, parameters, next_runtime)
       values ($1, $2, $3, $4, $5)`,
      [playbookId, position, entry.schedule, JSON.stringify(entry.parameters ?? {}), entry.next],
    );
  }
}

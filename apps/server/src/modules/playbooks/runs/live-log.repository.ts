import { z } from 'zod';
import type { Queryable } from '../../../platform/db.ts';

const liveRow = z.object({
  id: z.string(),
  name: z.string(),
  status: z.string(),
  chunk: z.string(),
  length: z.coerce.number(),
});
export type LiveAction = z.infer<typeof liveRow>;

/**
 * Each action of a run with what its live log holds beyond `offsets[id]` (characters already
 * sent), and the run's status; undefined when the run does not exist.
 */
export async function liveOutput(
  db: Queryable,
  runId: string,
  offsets: Readonly<Record<string, number>>,
): Promise<{ status: string; actions: LiveAction[] } | undefined> {
  const run = await db.query<{ status: string }>('select status from playbook_runs where id = $1', [
    runId,
  ]);
  const status = run.rows[0]?.status;
  if (status === undefined) return undefined;
  const found = await db.query(
    `select a.id, a.name, a.status,
            substr(coalesce(a.live_log, ''), coalesce(($2::jsonb ->> a.id::text)::int, 0) + 1) as chunk,
            char_length(coalesce(a.live_log, '')) as length
       from playbook_run_actions a where a.playbook_run_id = $1 order by a.position`,
    [runId, JSON.stringify(offsets)],
  );
  return { status, actions: z.array(liveRow).parse(found.rows) };
}

import { z } from 'zod';
import type { Queryable } from '../../platform/db.ts';

const componentRow = z.object({
  id: z.string(),
  name: z.string(),
  external_id: z.string().nullable(),
  log_selectors: z.unknown(),
});
export type ComponentLogsRow = z.infer<typeof componentRow>;

export async function findComponentLogs(
  db: Queryable,
  id: string,
): Promise<ComponentLogsRow | undefined> {
  const found = await db.query(
    `select id, name, external_id, log_selectors
       from components where id = $1 and deleted_at is null`,
    [id],
  );
  return found.rows[0] === undefined ? undefined : componentRow.parse(found.rows[0]);
}

const backendRow = z.object({
  id: z.string(),
  name: z.string(),
  namespace: z.string(),
  spec: z.unknown(),
  connection_pairing_approved: z.boolean(),
});
export type LoggingBackendRow = z.infer<typeof backendRow>;

/** Live logging backends of this installation, oldest first: the order routes are tried in. */
export async function listLoggingBackends(db: Queryable): Promise<LoggingBackendRow[]> {
  const found = await db.query(
    `select id, name, namespace, spec, connection_pairing_approved
       from logging_backends
      where deleted_at is null and agent_id = '00000000-0000-0000-0000-000000000000'
      order by created_at, id`,
  );
  return found.rows.map((row) => backendRow.parse(row));
}

import { z } from 'zod';
import type { Queryable } from '../../platform/db.ts';

export const connectionRow = z.object({
  id: z.string(),
  name: z.string(),
  namespace: z.string(),
  type: z.string(),
  url: z.string().nullable(),
  username: z.string().nullable(),
  password: z.string().nullable(),
  certificate: z.string().nullable(),
  insecure_tls: z.boolean(),
  properties: z.record(z.string(), z.unknown()),
});
export type ConnectionRow = z.infer<typeof connectionRow>;

/** A live connection by namespace and name, secrets still sealed. */
export async function findConnection(
  db: Queryable,
  namespace: string,
  name: string,
): Promise<ConnectionRow | undefined> {
  const found = await db.query(
    `select id, name, namespace, type, url, username, password, certificate, insecure_tls, properties
     from connections where namespace = $1 and name = $2 and deleted_at is null`,
    [namespace, name],
  );
  const row: unknown = found.rows[0];
  return row === undefined ? undefined : connectionRow.parse(row);
}

/** A live connection by id, secrets still sealed. */
export async function findConnectionById(
  db: Queryable,
  id: string,
): Promise<ConnectionRow | undefined> {
  const found = await db.query(
    `select id, name, namespace, type, url, username, password, certificate, insecure_tls, properties
     from connections where id = $1 and deleted_at is null`,
    [id],
  );
  const row: unknown = found.rows[0];
  return row === undefined ? undefined : connectionRow.parse(row);
}

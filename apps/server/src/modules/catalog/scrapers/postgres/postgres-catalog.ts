import type pg from 'pg';
import { z } from 'zod';

/** What pg_catalog says about one server: its address, databases, roles and memberships. */
const serverRow = z.object({ host: z.string(), port: z.string(), version: z.string() });
const databaseRow = z.object({
  name: z.string(),
  owner: z.string(),
  encoding: z.string(),
  collation: z.string(),
  ctype: z.string(),
  allow_connections: z.boolean(),
  connection_limit: z.number(),
  is_template: z.boolean(),
});
const roleRow = z.object({
  name: z.string(),
  login: z.boolean(),
  superuser: z.boolean(),
  createdb: z.boolean(),
  createrole: z.boolean(),
  member_of: z.array(z.string()),
  databases: z.record(z.string(), z.array(z.string())),
});

export type PostgresServer = z.infer<typeof serverRow>;
export type PostgresDatabase = z.infer<typeof databaseRow>;
export type PostgresRole = z.infer<typeof roleRow>;

export async function readServer(client: pg.Client): Promise<PostgresServer> {
  const { rows } = await client.query(
    `SELECT coalesce(host(inet_server_addr()), 'localhost') AS host,
            current_setting('port') AS port, version() AS version`,
  );
  return serverRow.parse(rows[0]);
}

export async function readDatabases(client: pg.Client): Promise<PostgresDatabase[]> {
  const { rows } = await client.query(
    `SELECT d.datname AS name, pg_catalog.pg_get_userbyid(d.datdba) AS owner,
            pg_encoding_to_char(d.encoding) AS encoding, d.datcollate AS collation,
            d.datctype AS ctype, d.datallowconn AS allow_connections,
            d.datconnlimit AS connection_limit, d.datistemplate AS is_template
       FROM pg_database d ORDER BY d.datname`,
  );
  return z.array(databaseRow).parse(rows);
}

/** Roles other than the built-in pg_* ones, with memberships and database privileges. */
export async function readRoles(client: pg.Client): Promise<PostgresRole[]> {
  const { rows } = await client.query(
    `SELECT r.rolname AS name, r.rolcanlogin AS login, r.rolsuper AS superuser,
            r.rolcreatedb AS createdb, r.rolcreaterole AS createrole,
            coalesce((SELECT array_agg(g.rolname::text ORDER BY g.rolname)
                        FROM pg_auth_members m JOIN pg_roles g ON g.oid = m.roleid
                       WHERE m.member = r.oid), '{}'::text[]) AS member_of,
            coalesce((SELECT jsonb_object_agg(d.datname, array_remove(ARRAY[
                        CASE WHEN has_database_privilege(r.oid, d.oid, 'CONNECT') THEN 'CONNECT' END,
                        CASE WHEN has_database_privilege(r.oid, d.oid, 'CREATE') THEN 'CREATE' END,
                        CASE WHEN has_database_privilege(r.oid, d.oid, 'TEMP') THEN 'TEMP' END], NULL))
                        FROM pg_database d WHERE NOT d.datistemplate), '{}') AS databases
       FROM pg_roles r WHERE r.rolname !~ '^pg_' ORDER BY r.rolname`,
  );
  return z.array(roleRow).parse(rows);
}

import { z } from 'zod';
import { envVar } from '../../../../platform/values/env-var.ts';
import { scraperEntry } from '../../scrape-spec/common-fields.ts';
import { emptyScrapeResult, type ConfigRef, type ScrapeResult } from '../scrape-result.ts';
import { defineScraperType } from '../scraper-type.ts';
import { databaseUrl, withPostgres, withoutUserInfo } from '../sql/sql-url.ts';
import {
  readDatabases,
  readRoles,
  readServer,
  type PostgresRole,
  type PostgresServer,
} from './postgres-catalog.ts';

const postgresEntry = scraperEntry({
  connection: z
    .string()
    .min(1, 'is required')
    .describe('connection://namespace/name, or a postgres:// connection string'),
  auth: z.object({ username: envVar.optional(), password: envVar.optional() }).strict().optional(),
  permissions: z
    .boolean()
    .optional()
    .describe('also scrape roles, their memberships and database privileges'),
});

const serverType = 'Postgres::Server';
const databaseType = 'Postgres::Database';
const roleType = 'Postgres::Role';

/**
 * `spec.postgres[]`: the server, each database and (with `permissions`) each role, keyed
 * like config-db (`postgres://server/host:port`). Roles are catalog items here, since the
 * catalog has no access tables; a role's memberships become relationships.
 */
export const postgresScraperType = defineScraperType({
  name: 'postgres',
  specKey: 'postgres',
  schema: postgresEntry,
  async scrape(ctx, entry) {
    const url = await databaseUrl(ctx, entry.connection, entry.auth, 'postgres');
    const found = await withPostgres(url, ctx, async (client) => ({
      server: await readServer(client),
      databases: await readDatabases(client),
      roles: entry.permissions ? await readRoles(client) : [],
    }));
    const result = emptyScrapeResult();
    const address = serverAddress(found.server);
    const server: ConfigRef = { externalId: `postgres://server/${address}`, type: serverType };
    const common = { labels: entry.labels, tags: literalTags(entry.tags) };
    result.items.push({
      ...common,
      externalId: server.externalId,
      type: serverType,
      configClass: serverType,
      name: address,
      health: 'healthy',
      description: `PostgreSQL at ${withoutUserInfo(url)}`,
      config: found.server,
    });
    for (const database of found.databases) {
      result.items.push({
        ...common,
        externalId: `postgres://database/${address}/${database.name}`,
        type: databaseType,
        configClass: databaseType,
        name: database.name,
        health: database.allow_connections ? 'healthy' : 'unknown',
        config: { server_id: server.externalId, ...database },
        parent: server,
      });
    }
    addRoles(result, found.roles, address, server, common);
    return result;
  },
});

function addRoles(
  result: ScrapeResult,
  roles: readonly PostgresRole[],
  address: string,
  server: ConfigRef,
  common: {
    labels?: Record<string, string> | undefined;
    tags?: Record<string, string> | undefined;
  },
) {
  const refOf = (role: PostgresRole): ConfigRef => ({
    externalId: `postgres://server/${address}/${role.login ? 'user' : 'db-role'}/${role.name}`,
    type: roleType,
  });
  const byName = new Map(roles.map((role) => [role.name, refOf(role)]));
  for (const role of roles) {
    const ref = refOf(role);
    result.items.push({
      ...common,
      externalId: ref.externalId,
      type: roleType,
      configClass: roleType,
      name: role.name,
      config: role,
      parent: server,
    });
    for (const group of role.member_of) {
      const related = byName.get(group);
      if (related) result.relationships.push({ config: ref, related, relation: 'MemberOf' });
    }
  }
}

/** Tags as a map; listed ones keep their literal values (there is no document to query). */
function literalTags(
  tags: z.infer<typeof postgresEntry>['tags'],
): Record<string, string> | undefined {
  if (!Array.isArray(tags)) return tags;
  return Object.fromEntries(tags.map((tag) => [tag.name, tag.value ?? '']));
}

/** `host:port`, with an IPv6 host in brackets as config-db writes it. */
function serverAddress(server: PostgresServer): string {
  const host = server.host.includes(':') ? `[${server.host}]` : server.host;
  return `${host}:${server.port}`;
}

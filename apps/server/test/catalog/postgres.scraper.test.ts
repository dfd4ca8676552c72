import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresScraperType } from '../../src/modules/catalog/scrapers/postgres/postgres.scraper.ts';
import { openedConnection, scrapeContext } from './scrape-context.ts';

const adminUrl = 'postgres://postgres@127.0.0.1:5432/test';
const group = 'vigil_scrape_readers';
const user = 'vigil_scrape_alice';

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

describe('postgres scraper against the machine’s PostgreSQL', () => {
  beforeAll(async () => {
    await admin(`DROP ROLE IF EXISTS ${user}`);
    await admin(`DROP ROLE IF EXISTS ${group}`);
    await admin(`CREATE ROLE ${group} NOLOGIN`);
    await admin(`CREATE ROLE ${user} LOGIN IN ROLE ${group}`);
  });
  afterAll(async () => {
    await admin(`DROP ROLE IF EXISTS ${user}`);
    await admin(`DROP ROLE IF EXISTS ${group}`);
  });

  it('makes the server and one item per database, each database under the server', async () => {
    const result = await postgresScraperType
      .prepare({ connection: adminUrl, labels: { env: 'ci' } })
      .scrape(scrapeContext());
    const server = result.items.find((item) => item.type === 'Postgres::Server');
    expect(server?.externalId).toMatch(/^postgres:\/\/server\/.+:5432$/);
    expect(server?.labels).toEqual({ env: 'ci' });
    const test = result.items.find((item) => item.name === 'test');
    expect(test).toMatchObject({
      type: 'Postgres::Database',
      parent: { externalId: server?.externalId, type: 'Postgres::Server' },
      config: expect.objectContaining({ owner: expect.any(String), is_template: false }),
    });
    expect(result.items.some((item) => item.type === 'Postgres::Role')).toBe(false);
  });

  it('with permissions, adds roles, their memberships and database privileges', async () => {
    const ctx = scrapeContext({
      connections: {
        'connection://default/pg': openedConnection({ type: 'postgres', url: adminUrl }),
      },
    });
    const result = await postgresScraperType
      .prepare({ connection: 'connection://default/pg', permissions: true })
      .scrape(ctx);
    const alice = result.items.find((item) => item.name === user);
    const readers = result.items.find((item) => item.name === group);
    expect(alice?.externalId).toMatch(new RegExp(`/user/${user}$`));
    expect(readers?.externalId).toMatch(new RegExp(`/db-role/${group}$`));
    expect(alice?.config).toMatchObject({
      login: true,
      superuser: false,
      member_of: [group],
      databases: expect.objectContaining({ test: expect.arrayContaining(['CONNECT']) }),
    });
    expect(result.relationships).toContainEqual({
      config: { externalId: alice?.externalId, type: 'Postgres::Role' },
      related: { externalId: readers?.externalId, type: 'Postgres::Role' },
      relation: 'MemberOf',
    });
  });

  it('fails the scrape, naming the reason, when the server cannot be reached', async () => {
    await expect(
      postgresScraperType
        .prepare({ connection: 'postgres://postgres@127.0.0.1:1/test' })
        .scrape(scrapeContext({ timeoutMs: 3000 })),
    ).rejects.toThrow(/ECONNREFUSED/);
  });
});

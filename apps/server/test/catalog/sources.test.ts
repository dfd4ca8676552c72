import http from 'node:http';
import { createConnection } from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execScraperType } from '../../src/modules/catalog/scrapers/exec/exec.scraper.ts';
import { httpScraperType } from '../../src/modules/catalog/scrapers/http/http.scraper.ts';
import { sqlScraperType } from '../../src/modules/catalog/scrapers/sql/sql.scraper.ts';
import { openedConnection, scrapeContext } from './scrape-context.ts';

let server: http.Server;
let base = '';
const seen: Array<string | undefined> = [];

beforeAll(async () => {
  server = http.createServer((request, response) => {
    seen.push(request.headers.authorization);
    if (request.url === '/todos') {
      response.setHeader('content-type', 'application/json');
      response.end(
        JSON.stringify({
          data: {
            todos: [
              { id: 1, title: 'a' },
              { id: 2, title: 'b' },
            ],
          },
        }),
      );
    } else if (request.url === '/broken') {
      response.end('{"todos": [');
    } else if (request.url === '/slow') {
      setTimeout(() => response.end('{}'), 5000);
    } else {
      response.statusCode = 500;
      response.end('boom');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('http scraper against a local server', () => {
  const entry = (url: string, extra: object = {}) => ({
    type: 'Todo::Task',
    id: '$.id',
    name: '$.title',
    items: '$.data.todos',
    url,
    ...extra,
  });

  it('reads the items its JSONPath selects, with the connection’s credentials', async () => {
    const ctx = scrapeContext({
      connections: {
        'connection://default/todo': openedConnection({ url: base, username: 'u', password: 'p' }),
      },
    });
    const result = await httpScraperType
      .prepare(entry(`${base}/todos`, { connection: 'connection://default/todo' }))
      .scrape(ctx);
    expect(result.items.map((i) => [i.externalId, i.name, i.type])).toEqual([
      ['1', 'a', 'Todo::Task'],
      ['2', 'b', 'Todo::Task'],
    ]);
    expect(seen.at(-1)).toBe(`Basic ${Buffer.from('u:p').toString('base64')}`);
  });

  it.each([
    ['a 500', '/fail', /answered 500/],
    ['malformed JSON', '/broken', /malformed JSON/],
  ])('fails on %s', async (_what, path, message) => {
    await expect(
      httpScraperType.prepare(entry(`${base}${path}`)).scrape(scrapeContext()),
    ).rejects.toThrow(message);
  });

  it('fails when the source is unreachable or too slow', async () => {
    await expect(
      httpScraperType.prepare(entry('http://127.0.0.1:9/')).scrape(scrapeContext()),
    ).rejects.toThrow();
    await expect(
      httpScraperType.prepare(entry(`${base}/slow`)).scrape(scrapeContext({ timeoutMs: 300 })),
    ).rejects.toThrow(/timeout|aborted/i);
  });
});

describe('sql scraper against the machine’s databases', () => {
  it('makes one item per PostgreSQL row', async () => {
    const result = await sqlScraperType
      .prepare({
        connection: 'postgres://postgres@127.0.0.1:5432/test',
        type: 'Postgres::Setting',
        id: '$.name',
        query:
          "select name, setting from pg_settings where name in ('port', 'max_connections') order by name",
      })
      .scrape(scrapeContext());
    expect(result.items.map((i) => [i.externalId, i.config])).toEqual([
      ['max_connections', { name: 'max_connections', setting: expect.any(String) }],
      ['port', { name: 'port', setting: '5432' }],
    ]);
  });

  it('makes one item per MariaDB row, through a connection', async () => {
    const admin = await createConnection({ host: '127.0.0.1', port: 3306, user: 'root' });
    await admin.query('create database if not exists vigil_scrape');
    await admin.query(
      'create table if not exists vigil_scrape.hosts (id int primary key, name text)',
    );
    await admin.query("replace into vigil_scrape.hosts values (1, 'web'), (2, 'db')");
    await admin.end();
    const ctx = scrapeContext({
      connections: {
        'connection://default/maria': openedConnection({
          type: 'mysql',
          url: 'mysql://root@127.0.0.1:3306/vigil_scrape',
        }),
      },
    });
    const result = await sqlScraperType
      .prepare({
        connection: 'connection://default/maria',
        type: 'MySQL::Host',
        id: '$.id',
        name: '$.name',
        query: 'select * from hosts order by id',
      })
      .scrape(ctx);
    expect(result.items.map((i) => [i.externalId, i.name])).toEqual([
      ['1', 'web'],
      ['2', 'db'],
    ]);
  });

  it('fails on a query error and names an unsupported driver', async () => {
    const bad = {
      connection: 'postgres://postgres@127.0.0.1:5432/test',
      type: 'T',
      id: 'x',
      query: 'select from nowhere',
    };
    await expect(sqlScraperType.prepare(bad).scrape(scrapeContext())).rejects.toThrow(/nowhere/);
    await expect(
      sqlScraperType
        .prepare({ ...bad, connection: 'sqlserver://127.0.0.1:1433' })
        .scrape(scrapeContext()),
    ).rejects.toThrow('sql: the sqlserver driver is not supported by this scraper yet');
  });
});

describe('exec scraper on this machine', () => {
  it('takes the script’s JSON output as items, with its env', async () => {
    const result = await execScraperType
      .prepare({
        type: 'Script::Item',
        id: '$.id',
        env: [{ name: 'GREETING', value: 'hi' }],
        script: 'echo "[{\\"id\\": \\"$GREETING-1\\"}, {\\"id\\": \\"two\\"}]"',
      })
      .scrape(scrapeContext());
    expect(result.items.map((i) => i.externalId)).toEqual(['hi-1', 'two']);
  });

  it('reads YAML from a script with its own interpreter', async () => {
    const result = await execScraperType
      .prepare({ type: 'T', id: '$.name', script: '#!/bin/sh\nprintf "name: alpha\\nsize: 3\\n"' })
      .scrape(scrapeContext());
    expect(result.items[0]?.config).toEqual({ name: 'alpha', size: 3 });
  });

  it('fails with the script’s stderr when it exits non-zero', async () => {
    await expect(
      execScraperType
        .prepare({ type: 'T', id: 'x', script: 'echo nope >&2; exit 3' })
        .scrape(scrapeContext()),
    ).rejects.toThrow('exec: the script exited 3: nope');
  });
});

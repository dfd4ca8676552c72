import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPrivatePostgres, type PrivatePostgres } from '../fixtures/postgres-server.ts';
import { findFreePort } from '../../../src/platform/ports.ts';
import { checkTypes } from '../../../src/modules/health/check-types/registry.ts';
import { connection, runCheck } from './check-context.ts';

// The machine's server trusts loopback; password checks run against a private scram instance.
const machine = 'postgres://postgres@127.0.0.1:5432/test';
let secured: PrivatePostgres;
let secretsDir = '';

async function sql(url: string, text: string): Promise<pg.QueryResult<Record<string, unknown>>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  secured = await startPrivatePostgres();
  await sql(secured.url, `CREATE ROLE vigil_probe LOGIN PASSWORD 'right horse'`);
  secretsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-secrets-'));
  fs.mkdirSync(path.join(secretsDir, 'pg-creds'));
  fs.writeFileSync(path.join(secretsDir, 'pg-creds', 'password'), 'right horse\n');
});

afterAll(async () => {
  await sql(secured.url, 'DROP ROLE IF EXISTS vigil_probe').catch(() => undefined);
  await secured.stop();
  fs.rmSync(secretsDir, { recursive: true, force: true });
});

describe('postgres check', () => {
  it('passes with the default query and exposes results and count', async () => {
    const outcome = await runCheck('postgres', { url: machine });
    expect(outcome.pass).toBe(true);
    expect(outcome.message).toMatch(/^1 row in \d+ms$/);
    expect(outcome.data).toMatchObject({
      count: 1,
      results: { count: 1, rows: [{ '?column?': 1 }] },
    });
  });

  it('returns rows as plain values and checks the least number of rows', async () => {
    const query = `SELECT n, 'item ' || n AS label, timestamptz '2024-05-01T10:00:00Z' AS at,
      '{"a":1}'::jsonb AS doc FROM generate_series(1, 3) n`;
    const outcome = await runCheck('postgres', { url: machine, query, results: 3 });
    expect(outcome.pass).toBe(true);
    expect(outcome.data.count).toBe(3);
    expect(outcome.data.results).toMatchObject({
      rows: [{ n: 1, label: 'item 1', at: '2024-05-01T10:00:00.000Z', doc: { a: 1 } }, {}, {}],
    });
    const short = await runCheck('postgres', { url: machine, query, results: 5 });
    expect(short.pass).toBe(false);
    expect(short.error).toBe('query returned 3 rows, expected 5');
    const empty = await runCheck('postgres', {
      url: machine,
      query: 'SELECT 1 WHERE false',
      markFailOnEmpty: true,
    });
    expect(empty.error).toBe('query returned no rows');
  });

  it('marks bad SQL invalid and reports a failing statement with the server message', async () => {
    const syntax = await runCheck('postgres', { url: machine, query: 'SELEC 1' });
    expect(syntax).toMatchObject({ pass: false, invalid: true });
    expect(syntax.error).toMatch(/syntax error at or near "SELEC"/);
    const missing = await runCheck('postgres', { url: machine, query: 'SELECT * FROM nope_table' });
    expect(missing.pass).toBe(false);
    expect(missing.invalid).toBeUndefined();
    expect(missing.error).toBe('relation "nope_table" does not exist');
  });

  it('accepts the keyword/value connection string inline in connection', async () => {
    const outcome = await runCheck('postgres', {
      connection: 'host=127.0.0.1 port=5432 user=postgres dbname=test sslmode=disable',
    });
    expect(outcome.pass).toBe(true);
  });

  it('authenticates with a password, and fails with the server reason on a wrong one', async () => {
    const url = `postgres://127.0.0.1:${secured.port}/postgres`;
    const right = await runCheck('postgres', {
      url,
      username: 'vigil_probe',
      password: 'right horse',
    });
    expect(right.pass).toBe(true);
    const wrong = await runCheck('postgres', { url, username: 'vigil_probe', password: 'wrong' });
    expect(wrong.pass).toBe(false);
    expect(wrong.error).toBe('password authentication failed for user "vigil_probe"');
  });

  it('takes credentials from a connection and from a secret file', async () => {
    const url = `postgres://$(username):$(password)@127.0.0.1:${secured.port}/postgres`;
    const fromConnection = await runCheck(
      'postgres',
      { connection: 'connection://default/pg' },
      {
        connections: {
          'connection://default/pg': connection({
            type: 'postgres',
            url,
            username: 'vigil_probe',
            password: 'right horse',
          }),
        },
      },
    );
    expect(fromConnection.pass).toBe(true);
    const fromSecret = await runCheck(
      'postgres',
      {
        url,
        username: 'vigil_probe',
        password: { valueFrom: { secretKeyRef: { name: 'pg-creds', key: 'password' } } },
      },
      { secretsDir },
    );
    expect(fromSecret.pass).toBe(true);
  });

  it('shows its endpoint without credentials', () => {
    const endpoint = (check: Record<string, unknown>) =>
      checkTypes.get('postgres')?.prepare({ name: 'pg', ...check }).endpoint;
    expect(endpoint({ url: 'postgres://ops:s3cret@db:5432/app' })).toBe('postgres://db:5432/app');
    expect(endpoint({ connection: 'host=db user=ops password=s3cret' })).toBe(
      'host=db user=ops password=###',
    );
    expect(endpoint({ connection: 'connection://prod/pg' })).toBe('connection://prod/pg');
    expect(() => endpoint({ connection: 'connection://broken' })).toThrow(/connection:\/\//);
  });

  it('fails when nothing listens on the port', async () => {
    const port = await findFreePort();
    const outcome = await runCheck('postgres', { url: `postgres://postgres@127.0.0.1:${port}/x` });
    expect(outcome.pass).toBe(false);
    expect(outcome.error).toMatch(/ECONNREFUSED/);
  });

  it('stops a long statement at the time limit and leaves no backend running it', async () => {
    const started = performance.now();
    const outcome = await runCheck(
      'postgres',
      { url: machine, query: 'SELECT pg_sleep(20)' },
      { timeoutMs: 1000 },
    );
    expect(performance.now() - started).toBeLessThan(3000);
    expect(outcome.pass).toBe(false);
    expect(outcome.error).toMatch(/statement timeout|timed out after 1000ms/);
    await expect
      .poll(async () => {
        const running = await sql(
          machine,
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE query = 'SELECT pg_sleep(20)'`,
        );
        return running.rows[0]?.n;
      })
      .toBe(0);
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createConnection } from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFreePort } from '../../../src/platform/ports.ts';
import { checkTypes } from '../../../src/modules/health/check-types/registry.ts';
import { connection, runCheck } from './check-context.ts';

const root = 'mysql://root@127.0.0.1:3306/';
let secretsDir = '';

async function sql(text: string): Promise<unknown> {
  const admin = await createConnection({ host: '127.0.0.1', port: 3306, user: 'root' });
  try {
    const [rows] = await admin.query(text);
    return rows;
  } finally {
    await admin.end();
  }
}

beforeAll(async () => {
  await sql(`DROP USER IF EXISTS 'vigil_probe'@'127.0.0.1'`);
  await sql(`CREATE USER 'vigil_probe'@'127.0.0.1' IDENTIFIED BY 'right horse'`);
  secretsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-secrets-'));
  fs.mkdirSync(path.join(secretsDir, 'mysql-creds'));
  fs.writeFileSync(path.join(secretsDir, 'mysql-creds', 'password'), 'right horse\n');
});

afterAll(async () => {
  await sql(`DROP USER IF EXISTS 'vigil_probe'@'127.0.0.1'`);
  fs.rmSync(secretsDir, { recursive: true, force: true });
});

describe('mysql check', () => {
  it('passes with the default query and exposes results and count', async () => {
    const outcome = await runCheck('mysql', { url: root });
    expect(outcome.pass).toBe(true);
    expect(outcome.data).toMatchObject({ count: 1, results: { count: 1, rows: [{ '1': 1 }] } });
  });

  it('returns rows as plain values and checks the least number of rows', async () => {
    const query = `SELECT seq AS n, CONCAT('item ', seq) AS label,
      TIMESTAMP '2024-05-01 10:00:00' AS at
      FROM (SELECT 1 AS seq UNION ALL SELECT 2 UNION ALL SELECT 3) s`;
    const outcome = await runCheck('mysql', { url: root, query, results: 3 });
    expect(outcome.pass).toBe(true);
    expect(outcome.data.results).toMatchObject({
      rows: [{ n: 1, label: 'item 1', at: '2024-05-01 10:00:00' }, {}, {}],
    });
    const short = await runCheck('mysql', { url: root, query, results: 4 });
    expect(short.pass).toBe(false);
    expect(short.error).toBe('query returned 3 rows, expected 4');
  });

  it('marks bad SQL invalid and reports a failing statement with the server message', async () => {
    const syntax = await runCheck('mysql', { url: root, query: 'SELEC 1' });
    expect(syntax).toMatchObject({ pass: false, invalid: true });
    expect(syntax.error).toMatch(/You have an error in your SQL syntax/);
    const missing = await runCheck('mysql', { url: root, query: 'SELECT * FROM mysql.nope_table' });
    expect(missing.pass).toBe(false);
    expect(missing.invalid).toBeUndefined();
    expect(missing.error).toBe("Table 'mysql.nope_table' doesn't exist");
  });

  it('authenticates with a password, and fails with the server reason on a wrong one', async () => {
    const dsn = '$(username):$(password)@tcp(127.0.0.1:3306)/';
    const right = await runCheck('mysql', {
      connection: dsn,
      username: 'vigil_probe',
      password: 'right horse',
    });
    expect(right.pass).toBe(true);
    const wrong = await runCheck('mysql', {
      url: 'mysql://127.0.0.1:3306/',
      username: 'vigil_probe',
      password: 'wrong',
    });
    expect(wrong.pass).toBe(false);
    expect(wrong.error).toMatch(
      /^Access denied for user 'vigil_probe'@'[\w.]+' \(using password: YES\)$/,
    );
  });

  it('takes credentials from a connection and from a secret file', async () => {
    const fromConnection = await runCheck(
      'mysql',
      { connection: 'connection://default/db' },
      {
        connections: {
          'connection://default/db': connection({
            type: 'mysql',
            url: 'mysql://127.0.0.1:3306/',
            username: 'vigil_probe',
            password: 'right horse',
          }),
        },
      },
    );
    expect(fromConnection.pass).toBe(true);
    const fromSecret = await runCheck(
      'mysql',
      {
        url: 'mysql://127.0.0.1:3306/',
        username: 'vigil_probe',
        password: { valueFrom: { secretKeyRef: { name: 'mysql-creds', key: 'password' } } },
      },
      { secretsDir },
    );
    expect(fromSecret.pass).toBe(true);
  });

  it('accepts the Go driver DSN, also behind mysql://, and hides its password', async () => {
    const dsn = 'mysql://root:@tcp(127.0.0.1:3306)/mysql';
    expect((await runCheck('mysql', { url: dsn })).pass).toBe(true);
    const prepared = checkTypes
      .get('mysql')
      ?.prepare({ name: 'db', url: 'ops:s3cret@tcp(db:3306)/app' });
    expect(prepared?.endpoint).toBe('tcp(db:3306)/app');
  });

  it('fails when nothing listens on the port', async () => {
    const port = await findFreePort();
    const outcome = await runCheck('mysql', { url: `mysql://root@127.0.0.1:${port}/` });
    expect(outcome.pass).toBe(false);
    expect(outcome.error).toMatch(/ECONNREFUSED/);
  });

  it('stops a long statement at the time limit and leaves no thread running it', async () => {
    const started = performance.now();
    const outcome = await runCheck(
      'mysql',
      { url: root, query: 'SELECT SLEEP(20)' },
      { timeoutMs: 1000 },
    );
    expect(performance.now() - started).toBeLessThan(3000);
    expect(outcome.pass).toBe(false);
    expect(outcome.error).toMatch(/max_statement_time exceeded|timed out after 1000ms/);
    await expect
      .poll(async () => {
        const rows = await sql(
          `SELECT id FROM information_schema.processlist WHERE info = 'SELECT SLEEP(20)'`,
        );
        return Array.isArray(rows) ? rows.length : -1;
      })
      .toBe(0);
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFreePort } from '../../../src/platform/ports.ts';
import { startFakeTds, type FakeTds } from '../fixtures/tds-server.ts';
import { connection, runCheck } from './check-context.ts';

// No SQL Server runs here: these run tedious against a TDS 7.4 stand-in (see fixtures).
let server: FakeTds;
let secretsDir = '';

beforeAll(async () => {
  server = await startFakeTds({
    users: { sa: 'Right-Horse-1' },
    databases: ['master', 'shop'],
    results: {
      'SELECT 1 AS result': { columns: [{ name: 'result', type: 'int' }], rows: [[1]] },
      'SELECT name, state FROM sys.databases': {
        columns: [
          { name: 'name', type: 'nvarchar' },
          { name: 'state', type: 'int' },
        ],
        rows: [
          ['master', 0],
          ['shop', null],
        ],
      },
    },
  });
  secretsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-secrets-'));
  fs.mkdirSync(path.join(secretsDir, 'sql-creds'));
  fs.writeFileSync(path.join(secretsDir, 'sql-creds', 'password'), 'Right-Horse-1\n');
});

afterAll(async () => {
  await server.stop();
  fs.rmSync(secretsDir, { recursive: true, force: true });
});

const url = () => `sqlserver://sa:Right-Horse-1@127.0.0.1:${server.port}?encrypt=disable`;

describe('mssql check', () => {
  it('logs in, runs the default query and closes the connection', async () => {
    const outcome = await runCheck('mssql', { url: url() });
    expect(outcome.pass).toBe(true);
    expect(outcome.data).toMatchObject({ count: 1, results: { rows: [{ result: 1 }] } });
    expect(server.batches.at(-1)).toBe('SELECT 1 AS result');
    await expect.poll(() => server.openConnections()).toBe(0);
  });

  it('returns rows and checks the least number of rows', async () => {
    const query = 'SELECT name, state FROM sys.databases';
    const outcome = await runCheck('mssql', { url: url(), query, results: 2 });
    expect(outcome.pass).toBe(true);
    expect(outcome.data.results).toEqual({
      rows: [
        { name: 'master', state: 0 },
        { name: 'shop', state: null },
      ],
      count: 2,
    });
    const short = await runCheck('mssql', { url: url(), query, results: 3 });
    expect(short.error).toBe('query returned 2 rows, expected 3');
  });

  it('marks bad SQL invalid and reports a failing batch with the server message', async () => {
    const syntax = await runCheck('mssql', { url: url(), query: 'SELEC 1' });
    expect(syntax).toMatchObject({
      pass: false,
      invalid: true,
      error: "Incorrect syntax near 'SELEC'.",
    });
    const missing = await runCheck('mssql', { url: url(), query: 'SELECT * FROM nope' });
    expect(missing).toMatchObject({ pass: false, error: "Invalid object name 'nope'." });
    expect(missing.invalid).toBeUndefined();
  });

  it('fails on a wrong password or an unknown database with the login error', async () => {
    const wrong = await runCheck('mssql', {
      connection: `server=127.0.0.1,${server.port};user id=sa;password=nope;encrypt=false`,
    });
    expect(wrong).toMatchObject({ pass: false, error: "Login failed for user 'sa'." });
    const database = await runCheck('mssql', {
      url: `${url()}&database=missing`,
    });
    expect(database.error).toMatch(/^Cannot open database "missing" requested by the login/);
  });

  it('takes credentials from a connection and from a secret file', async () => {
    const plain = `sqlserver://127.0.0.1:${server.port}?database=shop`;
    const fromConnection = await runCheck(
      'mssql',
      { connection: 'connection://default/sql' },
      {
        connections: {
          'connection://default/sql': connection({
            type: 'sql_server',
            url: plain,
            username: 'sa',
            password: 'Right-Horse-1',
          }),
        },
      },
    );
    expect(fromConnection.pass).toBe(true);
    const fromSecret = await runCheck(
      'mssql',
      {
        url: plain,
        username: 'sa',
        password: { valueFrom: { secretKeyRef: { name: 'sql-creds', key: 'password' } } },
      },
      { secretsDir },
    );
    expect(fromSecret.pass).toBe(true);
  });

  it('fails when nothing listens on the port', async () => {
    const outcome = await runCheck('mssql', {
      url: `sqlserver://sa:x@127.0.0.1:${await findFreePort()}`,
    });
    expect(outcome.pass).toBe(false);
    expect(outcome.error).toMatch(/ECONNREFUSED/);
  });

  it('cancels a long batch with ATTENTION at the time limit', async () => {
    const started = performance.now();
    const outcome = await runCheck(
      'mssql',
      { url: url(), query: "WAITFOR DELAY '00:00:20'" },
      { timeoutMs: 3000 },
    );
    expect(performance.now() - started).toBeLessThan(4000);
    expect(server.attentions()).toBe(1);
    expect(outcome.pass).toBe(false);
    expect(outcome.error).toMatch(/^Timeout: Request failed to complete in \d+ms$/);
    await expect.poll(() => server.openConnections()).toBe(0);
  });
});

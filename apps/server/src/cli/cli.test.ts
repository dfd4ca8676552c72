import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/database.ts';
import { runningLinePattern } from './running-line.ts';

const main = path.join(import.meta.dirname, '../main.ts');

interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
}

function vigil(args: string[], env: NodeJS.ProcessEnv = {}): Promise<Finished> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', main, ...args], {
      env: { ...process.env, DATABASE_URL: '', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('vigil CLI', () => {
  it('prints usage for --help', async () => {
    const result = await vigil(['--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('serve');
    expect(result.stdout).toContain('migrate');
  });

  it.each([
    [['serve', '--port', 'abc'], 'vigil: invalid PORT'],
    [['serve', '--workers', 'maybe'], 'vigil: invalid VIGIL_WORKERS'],
    [['serve', '--database-url', 'mysql://x'], 'vigil: invalid DATABASE_URL'],
    [['serve', '--no-such-flag'], "vigil: Unknown option '--no-such-flag'"],
    [['fly'], 'vigil: unknown command "fly"'],
  ])('exits 2 with one clear line for %j', async (args, message) => {
    const result = await vigil(args);
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toContain(message);
  });

  it('reads config errors from the environment too', async () => {
    const result = await vigil(['serve'], { LOG_LEVEL: 'loud' });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('vigil: invalid LOG_LEVEL');
  });
});

describe('vigil serve and migrate on DATABASE_URL', () => {
  let database: TestDatabase;
  let dataDir: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'vigil-cli-'));
  });
  afterAll(async () => {
    await database.drop();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('migrate reports an up-to-date database', async () => {
    const result = await vigil(['migrate', '--data-dir', dataDir], {
      DATABASE_URL: database.url,
      LOG_LEVEL: 'silent',
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Database is up to date');
  });

  it('users create makes an admin with a password, or prints a one-time link', async () => {
    const env = { DATABASE_URL: database.url, LOG_LEVEL: 'silent' };
    const withPassword = await vigil(
      ['users', 'create', '--email', 'ops@example.com', '--admin', '--data-dir', dataDir],
      { ...env, VIGIL_PASSWORD: 'an operator passphrase' },
    );
    expect(withPassword.stderr).toBe('');
    expect(withPassword.stdout).toContain('ops@example.com (admin) can sign in');
    const roles = await database.db.pool.query(
      `select role from person_roles r join people p on p.id = r.person_id where p.email = 'ops@example.com'`,
    );
    expect(roles.rows).toEqual([{ role: 'admin' }]);
    const link = await vigil(
      ['users', 'create', '--email', 'new@example.com', '--role', 'editor', '--data-dir', dataDir],
      env,
    );
    expect(link.stdout).toMatch(
      /One-time sign-in link:\nhttp:\/\/localhost:8080\/api\/identity\/self-service\/recovery\?token=/,
    );
    const bad = await vigil(['users', 'create', '--email', 'x@y.z', '--role', 'root'], env);
    expect(bad.code).toBe(2);
  });

  it('serves on the port the system gives, prints its URL, generates a secret key, and exits 0 on SIGTERM', async () => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', main, 'serve', '--port', '0', '--data-dir', dataDir],
      {
        env: {
          ...process.env,
          DATABASE_URL: database.url,
          LOG_LEVEL: 'silent',
          VIGIL_SECRET_KEY: '',
        },
      },
    );
    const printed = await new Promise<string>((resolve) =>
      child.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString('utf8'))),
    );
    const port = Number(runningLinePattern.exec(printed)?.[1]);
    expect(port).toBeGreaterThan(0);
    const health: unknown = await (await fetch(`http://127.0.0.1:${port}/api/health`)).json();
    expect(health).toMatchObject({ status: 'ok', database: 'ok' });
    const key = await fs.readFile(path.join(dataDir, 'secret.key'), 'utf8');
    expect(key.trim()).toMatch(/^[0-9a-f]{64}$/);
    const exit = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exit).toBe(0);
  });
});

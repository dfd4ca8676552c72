import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EmbeddedPostgresError, startEmbeddedPostgres } from './embedded-postgres.ts';
import { stateFile } from './embedded-postgres-state.ts';

const log = pino({ level: 'silent' });
const fixture = path.join(import.meta.dirname, '../../test/fixtures/start-embedded.ts');
let dataDir: string;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'vigil-embedded-'));
  await fs.chmod(dataDir, 0o755);
});
afterAll(async () => {
  await fs.rm(dataDir, { recursive: true, force: true });
});

async function query(url: string, text: string): Promise<unknown[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<Record<string, unknown>>(text)).rows;
  } finally {
    await client.end();
  }
}

describe('embedded PostgreSQL', () => {
  it('initialises once, keeps its port, and reuses its data on the next start', async () => {
    const first = await startEmbeddedPostgres(dataDir, log);
    await query(first.url, 'create table kept (note text); insert into kept values ($$first$$)');
    await first.stop();
    const second = await startEmbeddedPostgres(dataDir, log);
    expect(second.port).toBe(first.port);
    expect(await query(second.url, 'select note from kept')).toEqual([{ note: 'first' }]);
    await second.stop();
  });

  it('recovers from a crash that left the postmaster running, without losing data', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', fixture, dataDir], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString('utf8').trim()));
      child.once('exit', (code) => reject(new Error(`fixture exited with ${code}`)));
    });
    await query(url, 'insert into kept values ($$before crash$$)');
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    const pidFile = await fs.readFile(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8');
    expect(Number(pidFile.split('\n')[0])).toBeGreaterThan(0);

    const restarted = await startEmbeddedPostgres(dataDir, log);
    expect(await query(restarted.url, 'select note from kept order by note')).toEqual([
      { note: 'before crash' },
      { note: 'first' },
    ]);
    await restarted.stop();
  });

  it('removes a stale postmaster.pid whose process is gone', async () => {
    const pidFile = path.join(dataDir, 'pg', 'postmaster.pid');
    await fs.writeFile(pidFile, '999999\n/nowhere\n');
    const started = await startEmbeddedPostgres(dataDir, log);
    expect(await query(started.url, 'select count(*)::int as n from kept')).toEqual([{ n: 2 }]);
    await started.stop();
  });

  it('uses, and never stops, the server of another live Vigil process on the same data dir', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', fixture, dataDir], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString('utf8').trim()));
      child.once('exit', (code) => reject(new Error(`fixture exited with ${code}`)));
    });
    const postmaster = await fs.readFile(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8');
    const attached = await startEmbeddedPostgres(dataDir, log);
    expect(attached.owned).toBe(false);
    expect(await query(attached.url, 'select count(*)::int as n from kept')).toEqual([{ n: 2 }]);
    await attached.stop();
    expect(await query(url, 'select 1 as up')).toEqual([{ up: 1 }]);
    expect(await fs.readFile(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8')).toBe(postmaster);
    child.kill('SIGKILL');
    await exited;
    // Its owner gone, the server is an orphan: the next start stops it and runs its own.
    const owned = await startEmbeddedPostgres(dataDir, log);
    expect(owned.owned).toBe(true);
    await owned.stop();
  });

  it('says so when its port is taken by another process', async () => {
    const state: unknown = JSON.parse(await fs.readFile(stateFile(dataDir), 'utf8'));
    const port =
      typeof state === 'object' && state !== null && 'port' in state ? Number(state.port) : 0;
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(port, '127.0.0.1', resolve));
    try {
      await expect(startEmbeddedPostgres(dataDir, log)).rejects.toThrow(EmbeddedPostgresError);
      await expect(startEmbeddedPostgres(dataDir, log)).rejects.toThrow(
        `port ${port} is already in use`,
      );
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  });

  it.runIf(process.getuid?.() === 0)(
    'refuses a data dir the postgres user cannot reach',
    async () => {
      const hidden = await fs.mkdtemp(path.join(os.tmpdir(), 'vigil-hidden-'));
      await fs.chmod(hidden, 0o700);
      try {
        await expect(startEmbeddedPostgres(path.join(hidden, 'data'), log)).rejects.toThrow(
          /not reachable by the postgres user/,
        );
      } finally {
        await fs.rm(hidden, { recursive: true, force: true });
      }
    },
  );
});

import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Events } from '../../src/modules/events/events.module.ts';
import { createTestDatabase, type TestDatabase } from '../database.ts';
import {
  recordingConsumer,
  countRows,
  enqueueIn,
  eventually,
  startEvents,
} from './events-harness.ts';

const pending = 1000;
const root = path.resolve(import.meta.dirname, '../../../..');
const script = path.join(import.meta.dirname, 'consumer-process.ts');

let database: TestDatabase;
let producer: Events;
const children: ChildProcess[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.pool.query(`create table handled (event_id text not null, process text)`);
  // Only the producer side is used here: the name must have a consumer to be queued.
  producer = startEvents(database.db, [
    recordingConsumer('restart-recorder', ['restart.event']).consumer,
  ]);
});
beforeEach(async () => {
  await database.db.pool.query(`truncate handled; delete from event_queue`);
  await enqueueIn(
    database.db,
    producer,
    Array.from({ length: pending }, (_, i) => ({ name: 'restart.event', eventId: `p${i}` })),
  );
});
afterEach(async () => {
  for (const child of children.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
});
afterAll(() => database.drop());

/** Starts the workers in a process of their own, as a server replica would run them. */
async function startProcess(label: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', script, database.url, label], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the consumer process exited with ${code}`)));
    child.stdout?.once('data', () => resolve());
  });
  // With EVENTS_LOG=warn the workers' own account of a failure shows beside the test's.
  child.stdout?.on('data', (chunk: Buffer) => process.stderr.write(chunk));
  return child;
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

const count = (sql: string) => countRows(database.db.pool, sql);
const handled = () => count(`select count(*) as n from handled`);
const queued = () => count(`select count(*) as n from event_queue where name = 'restart.event'`);

async function handledAtLeast(n: number): Promise<void> {
  await eventually(async () => ((await handled()) >= n ? true : undefined), 30_000, `${n} handled`);
}

/** After a restart: drained, each event recorded exactly once, none left. */
async function expectEachExactlyOnce(): Promise<void> {
  await eventually(async () => ((await queued()) === 0 ? true : undefined), 60_000, 'drained');
  expect(await handled()).toBe(pending);
  expect(await count(`select count(distinct event_id) as n from handled`)).toBe(pending);
}

describe(`a server restarted with ${pending} pending events`, () => {
  it('killed mid-batch (SIGKILL): its claims roll back, and after the restart each event is handled exactly once', async () => {
    const first = await startProcess('first');
    await handledAtLeast(200);
    first.kill('SIGKILL');
    await exited(first);
    // Nothing lost: every event is handled (committed) or still queued, never both or neither.
    const [done, left] = [await handled(), await queued()];
    expect(done + left).toBe(pending);
    expect(left).toBeGreaterThan(0);
    await startProcess('second');
    await expectEachExactlyOnce();
    expect(await count(`select count(*) as n from handled where process = 'second'`)).toBe(
      pending - done,
    );
  }, 90_000);

  it('stopped by SIGTERM: batches in flight commit, and the restart takes the rest', async () => {
    const first = await startProcess('first');
    await handledAtLeast(200);
    first.kill('SIGTERM');
    await exited(first);
    expect(first.exitCode).toBe(0);
    const [done, left] = [await handled(), await queued()];
    expect(done + left).toBe(pending);
    await startProcess('second');
    await expectEachExactlyOnce();
  }, 90_000);

  it('losing its database connections mid-drain: it reconnects and handles each event exactly once', async () => {
    await startProcess('only');
    await handledAtLeast(200);
    // Every other connection goes, the consumer's LISTEN and claims among them (the test's own
    // idle ones too: its pool replaces them).
    const killed = await count(
      `select count(pg_terminate_backend(pid)) as n from pg_stat_activity
       where datname = current_database() and pid <> pg_backend_pid()`,
    );
    expect(killed).toBeGreaterThanOrEqual(2);
    expect(await queued()).toBeGreaterThan(0);
    await expectEachExactlyOnce();
  }, 90_000);
});

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { EventFilter } from '../../src/modules/events/enqueue.ts';
import type { Events } from '../../src/modules/events/events.module.ts';
import { createTestDatabase, type TestDatabase } from '../database.ts';
import {
  countRows,
  enqueueIn,
  eventually,
  queueRows,
  recordingConsumer,
  startEvents,
} from './events-harness.ts';

let database: TestDatabase;
let events: Events;

/** check.failed events of checks named 'noisy' are cut; the rest pass. */
const quietOnly: EventFilter = (event) => event.properties?.check !== 'noisy';
/** Reads in the producer's transaction: only checks listed in muted_checks are dropped. */
const notMuted: EventFilter = async (event, client) =>
  (await countRows(client, `select count(*) as n from muted_checks where name = $1`, [
    event.properties?.check,
  ])) === 0;

beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.pool.query(`create table muted_checks (name text primary key)`);
  await database.db.pool.query(`insert into muted_checks values ('muted')`);
  const { consumer } = recordingConsumer('checks', ['check.failed', 'check.passed']);
  events = startEvents(database.db, [consumer], {
    filters: new Map([['check.failed', [quietOnly, notMuted]]]),
  });
});
afterAll(async () => {
  await events.stop();
  await database.drop();
});
beforeEach(async () => {
  await database.db.pool.query('delete from event_queue');
});

describe('enqueue', () => {
  it('queues events in the caller’s transaction, with their properties and priority', async () => {
    const result = await enqueueIn(database.db, events, [
      { name: 'check.failed', eventId: 'c1', properties: { check: 'a', n: 1 }, priority: 5 },
      { name: 'check.passed', properties: { check: 'b' } },
    ]);
    expect(result).toEqual({ queued: 2, filtered: 0, duplicates: 0 });
    const rows = await queueRows(database.db.pool);
    expect(rows.map((r) => [r.name, r.event_id, r.properties, r.attempts])).toEqual([
      ['check.failed', 'c1', { check: 'a', n: 1 }, 0],
      ['check.passed', null, { check: 'b' }, 0],
    ]);
  });

  it('queues nothing when the producer’s transaction rolls back', async () => {
    await expect(
      database.db.transaction(async (client) => {
        await events.enqueue(client, [{ name: 'check.failed', eventId: 'rolled-back' }]);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await queueRows(database.db.pool)).toEqual([]);
  });

  it('drops an event whose (name, event id) is already queued', async () => {
    const first = await enqueueIn(database.db, events, [
      { name: 'check.failed', eventId: 'c1', properties: { check: 'a', first: true } },
    ]);
    const again = await enqueueIn(database.db, events, [
      { name: 'check.failed', eventId: 'c1', properties: { check: 'a', first: false } },
      // The same id under another name is another event.
      { name: 'check.passed', eventId: 'c1' },
    ]);
    expect(first.queued).toBe(1);
    expect(again).toEqual({ queued: 1, filtered: 0, duplicates: 1 });
    const rows = await queueRows(database.db.pool, 'check.failed');
    expect(rows.map((r) => r.properties)).toEqual([{ check: 'a', first: true }]);
  });

  it('drops duplicates within one call, and never de-duplicates events without an id', async () => {
    const result = await enqueueIn(database.db, events, [
      { name: 'check.failed', eventId: 'c2' },
      { name: 'check.failed', eventId: 'c2' },
      { name: 'check.passed' },
      { name: 'check.passed' },
    ]);
    expect(result).toEqual({ queued: 3, filtered: 0, duplicates: 1 });
  });

  it('drops duplicates from two producers committing at once', async () => {
    const results = await Promise.all(
      Array.from({ length: 4 }, () =>
        enqueueIn(database.db, events, [{ name: 'check.failed', eventId: 'race' }]),
      ),
    );
    expect(results.reduce((sum, r) => sum + r.queued, 0)).toBe(1);
    expect(await queueRows(database.db.pool)).toHaveLength(1);
  });

  it('runs the event name’s filters before queuing, so a noisy source never reaches the queue', async () => {
    const noisy = Array.from({ length: 500 }, (_, i) => ({
      name: 'check.failed',
      eventId: `noisy-${i}`,
      properties: { check: 'noisy' },
    }));
    const result = await enqueueIn(database.db, events, [
      ...noisy,
      { name: 'check.failed', eventId: 'm', properties: { check: 'muted' } },
      { name: 'check.failed', eventId: 'q', properties: { check: 'quiet' } },
      // Filters are per name: check.passed has none.
      { name: 'check.passed', properties: { check: 'noisy' } },
    ]);
    expect(result).toEqual({ queued: 2, filtered: 501, duplicates: 0 });
    const rows = await queueRows(database.db.pool);
    expect(rows.map((r) => [r.name, r.properties?.check])).toEqual([
      ['check.failed', 'quiet'],
      ['check.passed', 'noisy'],
    ]);
  });

  it('drops events that no consumer takes', async () => {
    const result = await enqueueIn(database.db, events, [{ name: 'nobody.listens' }]);
    expect(result).toEqual({ queued: 0, filtered: 1, duplicates: 0 });
  });

  it('refuses an event without a name before anything is written', async () => {
    await expect(
      enqueueIn(database.db, events, [{ name: 'check.passed' }, { name: '' }]),
    ).rejects.toThrow();
    expect(await queueRows(database.db.pool)).toEqual([]);
  });

  it('takes an event id again once the first event was handled', async () => {
    const { consumer, seen } = recordingConsumer('again', ['again.event']);
    const worker = startEvents(database.db, [consumer]);
    worker.start();
    try {
      await enqueueIn(database.db, worker, [{ name: 'again.event', eventId: 'x' }]);
      await eventually(async () => (seen.length === 1 ? true : undefined));
      await eventually(async () => (await queueRows(database.db.pool)).length === 0 || undefined);
      const result = await enqueueIn(database.db, worker, [{ name: 'again.event', eventId: 'x' }]);
      expect(result.queued).toBe(1);
      await eventually(async () => (seen.length === 2 ? true : undefined));
    } finally {
      await worker.stop();
    }
  });
});

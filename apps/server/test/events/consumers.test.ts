import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { EventConsumer } from '../../src/modules/events/event-consumer.ts';
import type { Events } from '../../src/modules/events/events.module.ts';
import { createTestDatabase, type TestDatabase } from '../database.ts';
import {
  countRows,
  enqueueIn,
  eventually,
  queueRows,
  recordingConsumer,
  sleep,
  startEvents,
} from './events-harness.ts';

let database: TestDatabase;
const running: Events[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.pool.query(`create table effects (event_id text not null)`);
});
afterEach(async () => {
  for (const events of running.splice(0)) await events.stop();
});
afterAll(() => database.drop());

function start(...args: Parameters<typeof startEvents>): Events {
  const events = startEvents(...args);
  running.push(events);
  events.start();
  return events;
}

const emptyQueue = (name: string) => async () =>
  (await queueRows(database.db.pool, name)).length === 0 ? true : undefined;

describe('event consumers', () => {
  it('handle events queued before they started, and remove them', async () => {
    const { consumer, seen } = recordingConsumer('early', ['early.event']);
    const producer = startEvents(database.db, [consumer]);
    await enqueueIn(database.db, producer, [{ name: 'early.event', eventId: 'e1' }]);
    start(database.db, [consumer]);
    await eventually(emptyQueue('early.event'), 5000, 'the early event handled');
    expect(seen.map((s) => s.eventId)).toEqual(['e1']);
  });

  it('are woken by NOTIFY: no poll needed (the poll is a minute here)', async () => {
    const { consumer, seen } = recordingConsumer('woken', ['woken.event']);
    const events = start(database.db, [consumer]);
    await sleep(300); // LISTEN is in place
    const queuedAt = Date.now();
    await enqueueIn(database.db, events, [{ name: 'woken.event' }, { name: 'woken.event' }]);
    await eventually(async () => (seen.length === 2 ? true : undefined), 5000, 'both handled');
    expect(Math.max(...seen.map((s) => s.at)) - queuedAt).toBeLessThan(2000);
    await eventually(emptyQueue('woken.event'), 5000, 'the queue emptied');
  });

  it('handle a name’s events in priority order, then first in, first out', async () => {
    const { consumer, seen } = recordingConsumer('ordered', ['ordered.event']);
    const producer = startEvents(database.db, [consumer]);
    await enqueueIn(database.db, producer, [
      { name: 'ordered.event', eventId: 'a' },
      { name: 'ordered.event', eventId: 'b' },
      { name: 'ordered.event', eventId: 'urgent', priority: 10 },
      { name: 'ordered.event', eventId: 'c' },
    ]);
    start(database.db, [{ ...consumer, parallel: 1 }], { settings: { loops: 1 } });
    await eventually(async () => (seen.length === 4 ? true : undefined), 5000, 'all handled');
    expect(seen.map((s) => s.eventId)).toEqual(['urgent', 'a', 'b', 'c']);
  });

  it('take turns between their event names, so a busy name cannot starve another', async () => {
    const { consumer, seen } = recordingConsumer('two-names', ['busy.event', 'rare.event']);
    const producer = startEvents(database.db, [consumer]);
    await enqueueIn(database.db, producer, [
      ...Array.from({ length: 200 }, (_, i) => ({ name: 'busy.event', eventId: `b${i}` })),
      { name: 'rare.event', eventId: 'r0' },
    ]);
    start(database.db, [{ ...consumer, batchSize: 50 }], { settings: { loops: 1 } });
    await eventually(async () => (seen.length === 201 ? true : undefined), 10_000, 'all handled');
    // The second batch starts with the rare name.
    expect(seen.findIndex((s) => s.eventId === 'r0')).toBeLessThanOrEqual(50);
  });

  it('record a failure: one more attempt, the error, and when', async () => {
    const consumer: EventConsumer = {
      name: 'refused',
      events: ['refused.event'],
      handle: async () => Promise.reject(new Error('receiver refused the connection')),
    };
    const events = start(database.db, [consumer], {
      settings: { backoff: { baseMs: 60_000, maxMs: 60_000 } },
    });
    const before = Date.now();
    await enqueueIn(database.db, events, [{ name: 'refused.event' }]);
    const [row] = await eventually(async () => {
      const rows = await queueRows(database.db.pool, 'refused.event');
      return rows[0]?.attempts === 1 ? rows : undefined;
    });
    expect(row?.error).toBe('receiver refused the connection');
    expect(row?.last_attempt?.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(row?.first_failure).toEqual(row?.last_attempt);
  });

  it('retry with exponential backoff, then leave the event as failed after the maximum attempts', async () => {
    const attempts: number[] = [];
    const consumer: EventConsumer = {
      name: 'flaky',
      events: ['flaky.event'],
      maxAttempts: 4,
      backoff: { baseMs: 300, maxMs: 10_000 },
      async handle() {
        attempts.push(Date.now());
        throw new Error(`attempt ${attempts.length} failed`);
      },
    };
    const events = start(database.db, [consumer]);
    await enqueueIn(database.db, events, [{ name: 'flaky.event', eventId: 'f1' }]);
    await eventually(async () => (attempts.length === 4 ? true : undefined), 10_000, '4 attempts');
    const gaps = attempts.slice(1).map((at, i) => at - (attempts[i] ?? 0));
    // Waits of 300, 600 and 1200 ms: never early, and a local timer (not the minute-long poll)
    // brings each retry in on time.
    gaps.forEach((gap, i) => {
      const wait = 300 * 2 ** i;
      expect(gap, `wait ${i + 1}`).toBeGreaterThanOrEqual(wait - 5);
      expect(gap, `wait ${i + 1}`).toBeLessThan(wait + 1000);
    });
    await sleep(3000);
    expect(attempts).toHaveLength(4);
    const rows = await queueRows(database.db.pool, 'flaky.event');
    expect(rows.map((r) => [r.attempts, r.error])).toEqual([[4, 'attempt 4 failed']]);
    expect(rows[0]?.first_failure?.getTime()).toBeLessThan(rows[0]?.last_attempt?.getTime() ?? 0);
  });

  it('remove an event once a retry succeeds', async () => {
    let calls = 0;
    const consumer: EventConsumer = {
      name: 'recovers',
      events: ['recovers.event'],
      async handle() {
        calls++;
        if (calls < 3) throw new Error('not yet');
      },
    };
    const events = start(database.db, [consumer]);
    await enqueueIn(database.db, events, [{ name: 'recovers.event' }]);
    await eventually(emptyQueue('recovers.event'), 10_000, 'the event handled on a retry');
    expect(calls).toBe(3);
  });

  it('give up an attempt that runs past the timeout', async () => {
    const consumer: EventConsumer = {
      name: 'slow',
      events: ['slow.event'],
      timeoutMs: 100,
      // Never settles and ignores the abort signal: the timeout alone must end the attempt.
      handle: () => new Promise<void>(() => undefined),
    };
    const events = start(database.db, [consumer], {
      settings: { backoff: { baseMs: 60_000, maxMs: 60_000 } },
    });
    await enqueueIn(database.db, events, [{ name: 'slow.event' }]);
    const [row] = await eventually(async () => {
      const rows = await queueRows(database.db.pool, 'slow.event');
      return rows[0]?.attempts === 1 ? rows : undefined;
    });
    expect(row?.error).toBe('timed out after 100 ms');
  });

  it('commit a transactional consumer’s writes with the event’s removal, and roll back only a failed event’s', async () => {
    const consumer: EventConsumer = {
      name: 'writer',
      events: ['writer.event'],
      transactional: true,
      maxAttempts: 1,
      async handle(event, { client }) {
        await client.query(`insert into effects (event_id) values ($1)`, [event.eventId]);
        if (event.properties.fail === true) throw new Error('half done');
      },
    };
    const events = start(database.db, [consumer]);
    await enqueueIn(
      database.db,
      events,
      Array.from({ length: 20 }, (_, i) => ({
        name: 'writer.event',
        eventId: `w${i}`,
        properties: { fail: i % 5 === 0 },
      })),
    );
    await eventually(async () => {
      const rows = await queueRows(database.db.pool, 'writer.event');
      return rows.length === 4 && rows.every((r) => r.attempts === 1) ? true : undefined;
    });
    const written = await database.db.pool.query<{ event_id: string }>(
      `select event_id from effects where event_id like 'w%' order by event_id`,
    );
    expect(written.rows.map((r) => r.event_id)).toHaveLength(16);
    expect(written.rows.map((r) => r.event_id)).not.toContain('w0');
    expect(
      (await queueRows(database.db.pool, 'writer.event')).map((r) => [r.event_id, r.error]),
    ).toEqual([
      ['w0', 'half done'],
      ['w5', 'half done'],
      ['w10', 'half done'],
      ['w15', 'half done'],
    ]);
  });

  it('skip events another transaction holds, and take them once it lets go', async () => {
    const { consumer, seen } = recordingConsumer('skipper', ['skipper.event']);
    const producer = startEvents(database.db, [consumer]);
    await enqueueIn(
      database.db,
      producer,
      Array.from({ length: 10 }, (_, i) => ({ name: 'skipper.event', eventId: `s${i}` })),
    );
    const holder = await database.db.pool.connect();
    try {
      await holder.query('begin');
      await holder.query(
        `select id from event_queue where name = 'skipper.event' and event_id in ('s0', 's1')
         for update`,
      );
      start(database.db, [consumer], { settings: { pollMs: 300 } });
      await eventually(async () => (seen.length === 8 ? true : undefined), 5000, 'the free 8');
      await sleep(700); // two polls: the held two are skipped, never waited for
      expect(seen.map((s) => s.eventId)).not.toContain('s0');
      expect(seen).toHaveLength(8);
      await holder.query('commit');
    } finally {
      holder.release();
    }
    // Nothing notifies now: the next poll finds the two.
    await eventually(async () => (seen.length === 10 ? true : undefined), 5000, 'the held two');
    // Handled in parallel, so in either order.
    expect(
      seen
        .slice(8)
        .map((s) => s.eventId ?? '')
        .sort(),
    ).toEqual(['s0', 's1']);
  });

  it('stop after the batch in flight commits, and claim nothing more', async () => {
    const handled: string[] = [];
    const consumer: EventConsumer = {
      name: 'stopper',
      events: ['stopper.event'],
      parallel: 1,
      batchSize: 5,
      async handle(event) {
        await sleep(100);
        handled.push(event.eventId ?? '');
      },
    };
    const events = start(database.db, [consumer], { settings: { loops: 1 } });
    await enqueueIn(
      database.db,
      events,
      Array.from({ length: 20 }, (_, i) => ({ name: 'stopper.event', eventId: `t${i}` })),
    );
    await eventually(async () => (handled.length > 0 ? true : undefined));
    await events.stop();
    expect(handled).toHaveLength(5);
    expect(
      await countRows(
        database.db.pool,
        `select count(*) as n from event_queue where name = 'stopper.event'`,
      ),
    ).toBe(15);
    await sleep(500);
    expect(handled).toHaveLength(5);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventConsumer } from '../../src/modules/events/event-consumer.ts';
import type { Events } from '../../src/modules/events/events.module.ts';
import { createDatabase, type Database } from '../../src/platform/db.ts';
import { createTestDatabase, type TestDatabase } from '../database.ts';
import { countRows, enqueueIn, eventually, queueRows, startEvents } from './events-harness.ts';

const total = 3000;

let database: TestDatabase;
const pools: Database[] = [];
const workers: Events[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.pool.query(`create table handled (event_id text not null, replica text)`);
});
afterAll(async () => {
  for (const events of workers) await events.stop();
  for (const pool of pools) await pool.close();
  await database.drop();
});

/** A replica: its own pool and workers, two claim loops, a consumer that records in its claim. */
function replica(label: string, seen: Map<string, number>): Events {
  const db = createDatabase(database.url, 5);
  pools.push(db);
  const consumer: EventConsumer = {
    name: 'recorder',
    events: ['replica.event'],
    transactional: true,
    async handle(event, { client }) {
      seen.set(event.id, (seen.get(event.id) ?? 0) + 1);
      await client.query(`insert into handled (event_id, replica) values ($1, $2)`, [
        event.eventId,
        label,
      ]);
    },
  };
  const events = startEvents(db, [consumer], { settings: { loops: 2, batchSize: 25 } });
  workers.push(events);
  return events;
}

describe('two replicas with two consumers each, on one queue', () => {
  it('share the events and never handle one twice', async () => {
    const seen = new Map<string, number>();
    const a = replica('a', seen);
    const b = replica('b', seen);
    a.start();
    b.start();
    // Produced while they consume, in several transactions.
    for (let part = 0; part < 6; part++) {
      await enqueueIn(
        database.db,
        a,
        Array.from({ length: total / 6 }, (_, i) => ({
          name: 'replica.event',
          eventId: `r${part}-${i}`,
        })),
      );
    }
    await eventually(
      async () => (await queueRows(database.db.pool, 'replica.event')).length === 0 || undefined,
      60_000,
      'the queue drained',
    );
    const pool = database.db.pool;
    expect(await countRows(pool, `select count(*) as n from handled`)).toBe(total);
    expect(await countRows(pool, `select count(distinct event_id) as n from handled`)).toBe(total);
    expect([...seen.values()].filter((times) => times !== 1)).toEqual([]);
    expect(seen.size).toBe(total);
    const byReplica = await pool.query<{ replica: string; n: number }>(
      `select replica, count(*)::int as n from handled group by replica order by replica`,
    );
    expect(byReplica.rows.map((r) => r.replica)).toEqual(['a', 'b']);
    expect(byReplica.rows.every((r) => r.n > 0)).toBe(true);
  }, 90_000);
});

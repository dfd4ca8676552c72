import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../database.ts';
import {
  addConnection,
  addNotification,
  queueCheckEvents,
  seedCheck,
  startNotifications,
  waitUntil,
} from './notifications-harness.ts';
import { messageOf, startReceiver, type Receiver } from './receiver.ts';

let database: TestDatabase;
let hook: Receiver;

beforeAll(async () => {
  database = await createTestDatabase();
  hook = await startReceiver();
});
afterAll(async () => {
  await hook.close();
  await database.drop();
});

it('loses and repeats none of 1,000 pending notifications across a restart', async () => {
  const db = database.db;
  const checkId = await seedCheck(db, 'restart');
  const service = await addConnection(db, 'restart-hook', 'generic_webhook', hook.url);
  const id = await addNotification(db, {
    events: ['check.failed'],
    template: '{{ .event.id }}',
    services: [service],
  });
  await queueCheckEvents(db, 'check.failed', checkId, 1000);
  const first = startNotifications(db, { batchSize: 50 });
  await hook.waitFor(150, 30_000);
  await first.stop();
  const beforeRestart = hook.received.length;
  expect(beforeRestart).toBeLessThan(1000);
  const second = startNotifications(db, { batchSize: 50 });
  try {
    await waitUntil(async () => {
      const left = await db.pool.query<{ n: number }>('select count(*)::int as n from event_queue');
      return left.rows[0]?.n === 0;
    }, 60_000);
  } finally {
    await second.stop();
  }
  const messages = hook.received.map((r) => messageOf(r.body));
  expect(messages).toHaveLength(1000);
  expect(new Set(messages).size).toBe(1000);
  const sent = await db.pool.query(
    `select count(*)::int as n, count(distinct event_queue_id)::int as events
     from notification_send_history where notification_id = $1 and status = 'sent'`,
    [id],
  );
  expect(sent.rows[0]).toEqual({ n: 1000, events: 1000 });
}, 120_000);

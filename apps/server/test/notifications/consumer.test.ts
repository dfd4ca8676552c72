import { localAgentId } from '@vigil/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Events } from '../../src/modules/events/events.module.ts';
import { writeResults } from '../../src/modules/health/history/results.repository.ts';
import { createTestDatabase, type TestDatabase } from '../database.ts';
import {
  addConnection,
  addNotification,
  queueCheckEvents,
  seedCheck,
  sendHistory,
  startNotifications,
  waitUntil,
} from './notifications-harness.ts';
import { messageOf, startReceiver, type Receiver } from './receiver.ts';

let database: TestDatabase;
let events: Events | undefined;
const receivers: Receiver[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
});
afterEach(async () => {
  await events?.stop();
  events = undefined;
  await database.db.pool.query('delete from notifications; delete from event_queue');
  await Promise.all(receivers.splice(0).map((r) => r.close()));
});
afterAll(() => database.drop());

async function receiver(port = 0): Promise<Receiver> {
  const started = await startReceiver(port);
  receivers.push(started);
  return started;
}

const queued = async (): Promise<number> =>
  Number(
    (await database.db.pool.query<{ n: number }>('select count(*)::int as n from event_queue'))
      .rows[0]?.n,
  );

describe('check events', () => {
  it('are queued with the transition only when a notification subscribes to them', async () => {
    const db = database.db;
    const checkId = await seedCheck(db, 'producer');
    await db.pool.query(`update checks set status = null where id = $1`, [checkId]);
    const { rows } = await db.pool.query<{ canary_id: string }>(
      'select canary_id from checks where id = $1',
      [checkId],
    );
    const canaryId = rows[0]?.canary_id ?? '';
    const result = (time: number, pass: boolean) => ({
      checkId,
      canaryId,
      time: new Date(time),
      duration: 5,
      pass,
      invalid: false,
      message: null,
      error: pass ? null : 'down',
      detail: null,
      nextRuntime: null,
    });
    const run = {
      canaryId,
      canaryName: 'c',
      agentId: localAgentId,
      passed: 0,
      failed: 1,
      errors: [],
    };
    await db.transaction((client) =>
      writeResults(
        client,
        [result(1000, false)],
        [{ ...run, start: new Date(1000), durationMs: 5 }],
      ),
    );
    expect(await queued()).toBe(0);
    await addNotification(db, { events: ['check.passed'], template: 'x', services: [] });
    await db.transaction((client) =>
      writeResults(
        client,
        [result(2000, true), result(3000, false)],
        [{ ...run, start: new Date(2000), durationMs: 5 }],
      ),
    );
    const names = await db.pool.query('select name, properties->>$1 as id from event_queue', [
      'id',
    ]);
    expect(names.rows).toEqual([{ name: 'check.passed', id: checkId }]);
  });
});

describe('delivery', () => {
  it('renders the template for the check and records the send', async () => {
    const db = database.db;
    const hook = await receiver();
    const checkId = await seedCheck(db, 'payments');
    // The check has recovered by the time the event is handled: the message tells the transition.
    await db.pool.query(`update checks set status = 'healthy' where id = $1`, [checkId]);
    const service = await addConnection(db, 'hook', 'generic_webhook', `${hook.url}/hook`);
    const id = await addNotification(db, {
      events: ['check.failed'],
      template: 'Check {{ .check.name }} in {{ .canary.name }} is {{ .check.status }}',
      services: [service],
    });
    events = startNotifications(db);
    await queueCheckEvents(db, 'check.failed', checkId, 1);
    await hook.waitFor(1);
    expect(JSON.parse(hook.received[0]?.body ?? '')).toEqual({
      title: 'Check payments',
      message: 'Check payments in payments-canary is unhealthy',
    });
    await waitUntil(async () => (await queued()) === 0);
    expect(await sendHistory(db, id)).toEqual([
      { status: 'sent', recipient: service, error: null },
    ]);
    const summary = await db.pool.query(
      'select sent, failed, pending, avg_duration_ms is not null as timed from notifications_summary where id = $1',
      [id],
    );
    expect(summary.rows[0]).toEqual({ sent: 1, failed: 0, pending: 0, timed: true });
  });

  it('skips resources the CEL filter rejects and repeats no sooner than the interval', async () => {
    const db = database.db;
    const hook = await receiver();
    const checkId = await seedCheck(db, 'quiet');
    const service = await addConnection(db, 'hook2', 'generic_webhook', hook.url);
    await addNotification(db, {
      events: ['check.failed'],
      template: 'nope',
      services: [service],
      filter: 'check.name == "other"',
    });
    const repeated = await addNotification(db, {
      events: ['check.failed'],
      template: '{{ .check.name }}',
      services: [service],
      filter: 'check.name.startsWith("qu")',
      repeat: '1h',
    });
    events = startNotifications(db);
    await queueCheckEvents(db, 'check.failed', checkId, 3);
    await waitUntil(async () => (await queued()) === 0);
    expect(hook.received.map((r) => messageOf(r.body))).toEqual(['quiet']);
    expect((await sendHistory(db, repeated)).map((h) => h.status)).toEqual([
      'sent',
      'repeat-interval',
      'repeat-interval',
    ]);
  });
});

describe('faults', () => {
  it('retries a dead receiver with backoff, then delivers once, without resending to others', async () => {
    const db = database.db;
    const steady = await receiver();
    const flaky = await receiver();
    const port = flaky.port;
    await flaky.close();
    receivers.splice(receivers.indexOf(flaky), 1);
    const checkId = await seedCheck(db, 'flaky');
    const a = await addConnection(db, 'steady', 'slackwebhook', steady.url);
    const b = await addConnection(db, 'flaky', 'slackwebhook', `http://127.0.0.1:${port}`);
    const id = await addNotification(db, {
      events: ['check.failed'],
      template: '{{ .check.name }} down',
      services: [a, b],
    });
    events = startNotifications(db, { backoff: { baseMs: 300, maxMs: 1000 } });
    await queueCheckEvents(db, 'check.failed', checkId, 1);
    await waitUntil(async () => {
      const row = await db.pool.query<{ attempts: number }>('select attempts from event_queue');
      return Number(row.rows[0]?.attempts ?? 0) >= 2;
    });
    const waiting = await db.pool.query<{ pending: number }>(
      'select pending from notifications_summary where id = $1',
      [id],
    );
    expect(waiting.rows[0]?.pending).toBe(1);
    const failing = await db.pool.query<{ error: string }>('select error from event_queue');
    expect(failing.rows[0]?.error).toContain(`${b}: POST http://127.0.0.1:${port}:`);
    const back = await receiver(port);
    await back.waitFor(1);
    await waitUntil(async () => (await queued()) === 0);
    expect(steady.received).toHaveLength(1);
    expect(back.received).toHaveLength(1);
    const history = await sendHistory(db, id);
    expect(
      history
        .filter((h) => h.status === 'sent')
        .map((h) => h.recipient)
        .sort(),
    ).toEqual([a, b].sort());
    expect(history.filter((h) => h.status === 'failed').length).toBeGreaterThanOrEqual(2);
    const summary = await db.pool.query<{
      sent: number;
      pending: number;
      most_common_error: string;
    }>('select sent, failed, pending, most_common_error from notifications_summary where id = $1', [
      id,
    ]);
    expect(summary.rows[0]?.sent).toBe(2);
    expect(summary.rows[0]?.pending).toBe(0);
    expect(summary.rows[0]?.most_common_error).toContain(b);
  });

  it('retries a receiver that dies mid-delivery and records one send', async () => {
    const db = database.db;
    const hook = await receiver();
    hook.dropNext = 2;
    const checkId = await seedCheck(db, 'mid');
    const service = await addConnection(db, 'mid', 'teams', hook.url);
    const id = await addNotification(db, {
      events: ['check.failed'],
      template: '{{ .check.name }}',
      services: [service],
    });
    events = startNotifications(db, { backoff: { baseMs: 200, maxMs: 500 } });
    await queueCheckEvents(db, 'check.failed', checkId, 1);
    await hook.waitFor(1);
    await waitUntil(async () => (await queued()) === 0);
    expect(hook.received).toHaveLength(1);
    const history = await sendHistory(db, id);
    expect(history.map((h) => h.status)).toEqual(['failed', 'failed', 'sent']);
    expect(history[0]?.error).toMatch(/other side closed|socket hang up|fetch failed/);
  });
});

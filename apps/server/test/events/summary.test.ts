import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventConsumer } from '../../src/modules/events/event-consumer.ts';
import {
  expectPgrstError,
  rowsOf,
  startDataApi,
  type DataApiTestContext,
} from '../data-api/helpers.ts';
import { enqueueIn, eventually, startEvents } from './events-harness.ts';

let api: DataApiTestContext;
beforeAll(async () => {
  api = await startDataApi();
});
afterAll(() => api.close());
const path = 'event_queue_summary?order=last_failure.desc.nullslast';

async function insert(name: string, attempts: number, error: string | null, minutesAgo: number) {
  await api.query(
    `insert into event_queue (name, attempts, error, last_attempt, first_failure)
     values ($1, $2, $3,
             case when $2 > 0 then now() - make_interval(mins => $4) end,
             case when $3::text is not null then now() - make_interval(mins => $4 + 30) end)`,
    [name, attempts, error, minutesAgo],
  );
}

describe('event_queue_summary', () => {
  it('sums up each event name: pending, failed, average attempts, first and last failure, most common error', async () => {
    await api.query('delete from event_queue');
    await insert('check.failed', 0, null, 0);
    await insert('check.failed', 2, 'connection refused', 50);
    await insert('check.failed', 4, 'connection refused', 10);
    await insert('check.failed', 1, 'timed out after 30000 ms', 5);
    await insert('config.updated', 0, null, 0);
    const answer = await api.request(path);
    expect(answer.status).toBe(200);
    const rows = rowsOf(answer.json);
    expect(
      rows.map((row) => ({ ...row, first_failure: undefined, last_failure: undefined })),
    ).toEqual([
      {
        name: 'check.failed',
        pending: 4,
        failed: 3,
        average_attempts: 1.75,
        most_common_error: 'connection refused',
        first_failure: undefined,
        last_failure: undefined,
      },
      {
        name: 'config.updated',
        pending: 1,
        failed: 0,
        average_attempts: 0,
        most_common_error: null,
        first_failure: undefined,
        last_failure: undefined,
      },
    ]);
    const [failing, quiet] = rows;
    const minutesAgo = (value: unknown) => (Date.now() - Date.parse(String(value))) / 60_000;
    // The first failure is the earliest first_failure (80 min), the last the latest attempt (5).
    expect(minutesAgo(failing?.first_failure)).toBeCloseTo(80, 0);
    expect(minutesAgo(failing?.last_failure)).toBeCloseTo(5, 0);
    expect(quiet?.first_failure).toBeNull();
    expect(quiet?.last_failure).toBeNull();
  });

  it('shows a failing consumer’s error as it happens', async () => {
    await api.query('delete from event_queue');
    const consumer: EventConsumer = {
      name: 'webhook',
      events: ['notification.send'],
      handle: async () => Promise.reject(new Error('POST http://127.0.0.1:9/hook: ECONNREFUSED')),
    };
    const events = startEvents(api.database.db, [consumer], {
      settings: { backoff: { baseMs: 60_000, maxMs: 60_000 } },
    });
    events.start();
    try {
      await enqueueIn(api.database.db, events, [
        { name: 'notification.send', eventId: 'n1' },
        { name: 'notification.send', eventId: 'n2' },
      ]);
      const row = await eventually(async () => {
        const [found] = rowsOf((await api.request(`${path}&name=eq.notification.send`)).json);
        return found?.failed === 2 ? found : undefined;
      });
      expect(row).toMatchObject({
        pending: 2,
        failed: 2,
        average_attempts: 1,
        most_common_error: 'POST http://127.0.0.1:9/hook: ECONNREFUSED',
      });
    } finally {
      await events.stop();
    }
  });

  it('is read-only, and readable by every role but not anonymously', async () => {
    for (const role of ['viewer', 'responder', 'commander', 'editor', 'admin'] as const) {
      expect((await api.request(path, { role })).status, role).toBe(200);
    }
    expect((await api.request(path, { role: 'anonymous' })).status).toBe(401);
    const write = await api.request('event_queue_summary', {
      method: 'POST',
      role: 'admin',
      body: { name: 'forged' },
    });
    expect(write.status).toBeGreaterThanOrEqual(400);
    expect(await api.query(`select 1 from event_queue where name = 'forged'`)).toEqual([]);
  });
});

describe('event_queue through the data API', () => {
  it('is read-only even for an admin: producers queue events in their own transactions', async () => {
    await api.query('delete from event_queue');
    await insert('check.failed', 0, null, 0);
    const attempts = [
      { method: 'POST', path: 'event_queue', body: { name: 'check.failed' } },
      { method: 'PATCH', path: 'event_queue?name=eq.check.failed', body: { attempts: 99 } },
      { method: 'DELETE', path: 'event_queue?name=eq.check.failed' },
    ];
    for (const attempt of attempts) {
      const answer = await api.request(attempt.path, {
        method: attempt.method,
        role: 'admin',
        ...(attempt.body ? { body: attempt.body } : {}),
      });
      expect(answer.status, attempt.method).toBe(405);
      expectPgrstError(answer.json, 'PGRST117');
    }
    const rows = await api.query<{ name: string; attempts: number }>(
      'select name, attempts from event_queue',
    );
    expect(rows).toEqual([{ name: 'check.failed', attempts: 0 }]);
    expect((await api.request('event_queue', { role: 'admin' })).status).toBe(200);
  });
});

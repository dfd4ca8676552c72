import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../test/database.ts';
import type { CheckResult } from '../../health/index.ts';
import { addToOutbox, oldestInOutbox, outboxSize, settleOutbox } from './outbox.repository.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.drop();
});

const checkId = randomUUID();
const result = (second: number, pass = true): CheckResult => ({
  checkId,
  canaryId: randomUUID(),
  time: new Date(Date.UTC(2026, 0, 1, 0, 0, second)),
  duration: 12.4,
  pass,
  invalid: false,
  message: pass ? 'ok' : null,
  error: pass ? null : 'boom',
  detail: second === 1 ? { code: 200 } : null,
  nextRuntime: null,
});

describe('agent outbox', () => {
  it('keeps each result once, oldest first, in the push shape', async () => {
    const pool = database.db.pool;
    await addToOutbox(pool, [result(2, false), result(1)]);
    await addToOutbox(pool, [result(1), result(3)]);
    expect(await outboxSize(pool)).toBe(3);
    const entries = await oldestInOutbox(pool, 2);
    expect(entries.map((e) => e.status)).toEqual([
      {
        check_id: checkId,
        time: '2026-01-01T00:00:01.000Z',
        duration: 12,
        status: true,
        invalid: false,
        error: null,
        message: 'ok',
        detail: { code: 200 },
      },
      {
        check_id: checkId,
        time: '2026-01-01T00:00:02.000Z',
        duration: 12,
        status: false,
        invalid: false,
        error: 'boom',
        message: null,
      },
    ]);
  });

  it('removes acknowledged rows and drops a row answered missing three times', async () => {
    const pool = database.db.pool;
    const [first, second, third] = await oldestInOutbox(pool, 10);
    if (!first || !second || !third) throw new Error('three rows expected');
    expect(await settleOutbox(pool, [first.seq], [second.seq], 3)).toBe(0);
    expect(await settleOutbox(pool, [], [second.seq], 3)).toBe(0);
    expect((await oldestInOutbox(pool, 10)).map((e) => e.seq)).toEqual([second.seq, third.seq]);
    expect(await settleOutbox(pool, [], [second.seq], 3)).toBe(1);
    expect((await oldestInOutbox(pool, 10)).map((e) => e.seq)).toEqual([third.seq]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../test/database.ts';
import { createAttemptLimiter } from './attempt-limiter.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.drop();
});

const limits = { perIdentifier: 3, perAddress: 5, windowMs: 10 * 60_000 };

describe('attempt limiter', () => {
  it('locks an identifier after its attempts, for the rest of the window', async () => {
    const limiter = createAttemptLimiter(database.db, 'a', limits);
    for (let i = 0; i < 3; i++)
      expect(await limiter.reserve('Ada@Example.com', '10.0.0.1')).toBe(0);
    expect(await limiter.reserve('ada@example.com ', '10.0.0.2')).toBe(10);
    await database.db.pool.query(
      `update attempt_limits set resets_at = now() - interval '1 second' where key = 'a:id:ada@example.com'`,
    );
    expect(await limiter.reserve('ada@example.com', '10.0.0.2')).toBe(0);
  });

  it('limits an identifier longer than an index entry may hold, as any other', async () => {
    const limiter = createAttemptLimiter(database.db, 'long', limits);
    const huge = `${'x'.repeat(100_000)}@example.com`;
    for (let i = 0; i < 3; i++) expect(await limiter.reserve(huge, '10.0.2.1')).toBe(0);
    expect(await limiter.reserve(huge, '10.0.2.2')).toBeGreaterThan(0);
  });

  it('limits one address across identifiers; a pass clears its identifier only', async () => {
    const limiter = createAttemptLimiter(database.db, 'b', limits);
    for (let i = 0; i < 5; i++) await limiter.reserve(`user${i}@example.com`, '10.0.0.9');
    expect(await limiter.reserve('someone@example.com', '10.0.0.9')).toBeGreaterThan(0);
    expect(await limiter.reserve('someone@example.com', '10.0.0.10')).toBe(0);
    await limiter.passed('user0@example.com', '10.0.0.9');
    expect(await limiter.reserve('user0@example.com', '10.0.0.9')).toBe(0);
    expect(await limiter.reserve('user1@example.com', '10.0.0.9')).toBeGreaterThan(0);
  });

  it('grants no more than the limit to concurrent callers, and scopes do not share counts', async () => {
    const limiter = createAttemptLimiter(database.db, 'c', limits);
    const waits = await Promise.all(
      Array.from({ length: 20 }, () => limiter.reserve('bob@example.com', '10.0.1.1')),
    );
    expect(waits.filter((wait) => wait === 0)).toHaveLength(3);
    const other = createAttemptLimiter(database.db, 'd', limits);
    expect(await other.reserve('bob@example.com', '10.0.1.1')).toBe(0);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestDatabase, type TestDatabase } from '../../test/database.ts';
import { booleanArray, numberArray, textArray, timeArray, uuidArray } from './pg-arrays.ts';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

/** Sends the literal as a bind parameter and reads back what PostgreSQL parsed, as text. */
async function parsed(literal: string, type: string): Promise<Array<string | null>> {
  const found = await database.db.pool.query(
    `select array(select u::text from unnest($1::${type}) as u) as items`,
    [literal],
  );
  return z.object({ items: z.array(z.string().nullable()) }).parse(found.rows[0]).items;
}

describe('PostgreSQL array literals for bulk writes', () => {
  it('reads uuids back as sent', async () => {
    const ids = ['0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b', '00000000-0000-0000-0000-000000000000'];
    expect(await parsed(uuidArray(ids), 'uuid[]')).toEqual(ids);
  });

  it('reads numbers and nulls back, large ones exactly', async () => {
    const values = [0, -7, 2_147_483_647, null, 9_007_199_254_740_991];
    expect(await parsed(numberArray(values), 'bigint[]')).toEqual([
      '0',
      '-7',
      '2147483647',
      null,
      '9007199254740991',
    ]);
    expect(await parsed(numberArray([1.5, 0.25]), 'float8[]')).toEqual(['1.5', '0.25']);
  });

  it('reads text back exactly, whatever it holds', async () => {
    const values = ['1:2,3:4', '', 'NULL', null, ' {a, "b"} ', 'back\\slash \\"', 'é ☃\n\ttab'];
    expect(await parsed(textArray(values), 'text[]')).toEqual(values);
  });

  it('reads booleans back', async () => {
    expect(await parsed(booleanArray([true, false]), 'bool[]')).toEqual(['true', 'false']);
  });

  it('reads times back to the millisecond, whatever the session time zone', async () => {
    const times = [new Date('2026-11-26T23:59:59.123Z'), null, new Date(0)];
    const client = await database.db.pool.connect();
    try {
      await client.query(`set time zone 'Pacific/Chatham'`);
      const found = await client.query(
        `select array(select (extract(epoch from u) * 1000)::bigint::text
                      from unnest($1::timestamptz[]) as u) as items`,
        [timeArray(times)],
      );
      expect(found.rows[0]).toEqual({ items: [String(times[0]?.getTime()), null, '0'] });
      await client.query('reset time zone');
    } finally {
      client.release();
    }
  });

  it('answers an empty array for no values', async () => {
    expect(await parsed(uuidArray([]), 'uuid[]')).toEqual([]);
  });

  it('refuses elements that would need quoting rather than send them', () => {
    expect(() => uuidArray(['a,b'])).toThrow(/not a uuid/);
    expect(() => uuidArray(['"}; drop table checks; --'])).toThrow(/not a uuid/);
    expect(() => numberArray([Number.NaN])).toThrow(/not a finite number/);
    expect(() => numberArray([Number.POSITIVE_INFINITY])).toThrow(/not a finite number/);
  });
});

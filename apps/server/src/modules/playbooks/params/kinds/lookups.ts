import type { PlaybookParameterType } from '@vigil/domain';
import type { Queryable } from '../../../../platform/db.ts';
import { asText, defineParameterKind, type ParameterKind } from '../parameter-kind.ts';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Finds a live row by id (and by name or email where the table has one). */
async function exists(db: Queryable, sql: string, value: string): Promise<string | undefined> {
  const found = await db.query<{ id: string }>(sql, [value, uuid.test(value) ? value : null]);
  return found.rows[0]?.id;
}

/** A parameter whose value names a row: the run keeps the row's id. */
export function lookupParameter(
  type: PlaybookParameterType,
  what: string,
  sql: string,
): ParameterKind {
  return defineParameterKind({
    type,
    async check(value, _parameter, db) {
      const text = asText(value);
      if (text === undefined || text === '') return { error: `must name a ${what}` };
      const id = await exists(db, sql, text);
      return id ? { value: id } : { error: `${what} ${text} was not found` };
    },
  });
}

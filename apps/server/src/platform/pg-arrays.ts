/**
 * PostgreSQL array literals for bind parameters of bulk writes (`unnest($1::uuid[], …)`).
 * node-postgres turns a JS array into a literal element by element, checking each element's
 * type and quoting it; for the health engine's thousand-row batches that was a few per cent
 * of a core. These build the same text for elements that never need quoting. Each stays a
 * bind parameter: PostgreSQL parses the literal as the array type the statement casts it to.
 */

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function literal(elements: string[]): string {
  return `{${elements.join(',')}}`;
}

/** `uuid[]`. Throws on an element that is not a uuid, which would need quoting. */
export function uuidArray(values: readonly string[]): string {
  return literal(
    values.map((value) => {
      if (!uuidPattern.test(value)) throw new TypeError(`not a uuid: ${JSON.stringify(value)}`);
      return value;
    }),
  );
}

/** `int[]`, `bigint[]`, `float8[]`. Throws on NaN and infinities, which no column stores. */
export function numberArray(values: readonly (number | null)[]): string {
  return literal(
    values.map((value) => {
      if (value === null) return 'NULL';
      if (!Number.isFinite(value)) throw new TypeError(`not a finite number: ${value}`);
      return String(value);
    }),
  );
}

/** `bool[]`. */
export function booleanArray(values: readonly boolean[]): string {
  return literal(values.map((value) => (value ? 't' : 'f')));
}

/** `timestamptz[]`, in UTC with milliseconds, as Date holds them. */
export function timeArray(values: readonly (Date | null)[]): string {
  return literal(values.map((value) => (value === null ? 'NULL' : value.toISOString())));
}

const needsEscape = /[\\"]/;

/** `text[]`: every element quoted, so commas, braces, spaces and the word NULL stay text. */
export function textArray(values: readonly (string | null)[]): string {
  return literal(
    values.map((value) => {
      if (value === null) return 'NULL';
      return `"${needsEscape.test(value) ? value.replace(/[\\"]/g, '\\$&') : value}"`;
    }),
  );
}

/** Bind parameters collected while a statement is composed: values never enter the SQL text. */
export class SqlParams {
  readonly values: unknown[] = [];

  /** The placeholder ($n) of a new parameter holding value. */
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/**
 * The items of a tri-state filter (`a,!b,c*`), each turned into a test by `testOf`: included
 * tests are OR-ed, excluded ones AND-ed, each wrapped by `excluded`. Undefined when empty.
 */
function triState(
  text: string,
  testOf: (value: string) => string,
  excluded: (test: string) => string,
): string | undefined {
  const include: string[] = [];
  const exclude: string[] = [];
  for (const raw of text.split(',')) {
    const item = raw.trim();
    if (item === '' || item === '!') continue;
    const negated = item.startsWith('!');
    const test = testOf(negated ? item.slice(1) : item);
    (negated ? exclude : include).push(test);
  }
  const parts: string[] = [];
  if (include.length > 0) parts.push(`(${include.join(' or ')})`);
  for (const test of exclude) parts.push(excluded(test));
  return parts.length > 0 ? parts.join(' and ') : undefined;
}

/**
 * A tri-state filter on a text expression; `*` is a wildcard, and rows where the expression
 * is null stay when an item is excluded.
 */
export function triStateSql(
  expression: string,
  text: string,
  params: SqlParams,
): string | undefined {
  return triState(
    text,
    (value) =>
      value.includes('*')
        ? `${expression} like ${params.add(likePattern(value))}`
        : `${expression} = ${params.add(value)}`,
    (test) => `(${expression} is null or not (${test}))`,
  );
}

/** A tri-state filter on a JSON map column: items are `key=value`, or a bare key (has it). */
export function mapTriStateSql(
  column: string,
  text: string,
  params: SqlParams,
): string | undefined {
  return triState(
    text,
    (body) => {
      const at = body.indexOf('=');
      return at < 0
        ? `${column} ? ${params.add(body)}`
        : `${column} @> ${params.add(JSON.stringify({ [body.slice(0, at)]: body.slice(at + 1) }))}::jsonb`;
    },
    (test) => `not (${test})`,
  );
}

/** `*` becomes `%`; the LIKE metacharacters of the value itself are escaped. */
function likePattern(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`).replace(/\*/g, '%');
}

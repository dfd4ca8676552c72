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
 * A tri-state filter (`a,!b,c*`) on a text expression: included items are OR-ed, excluded ones
 * AND-ed (rows where the expression is null stay), `*` is a wildcard. Undefined when empty.
 */
export function triStateSql(
  expression: string,
  text: string,
  params: SqlParams,
): string | undefined {
  const include: string[] = [];
  const exclude: string[] = [];
  for (const raw of text.split(',')) {
    const item = raw.trim();
    if (item === '' || item === '!') continue;
    const negated = item.startsWith('!');
    const value = negated ? item.slice(1) : item;
    const test = value.includes('*')
      ? `${expression} like ${params.add(likePattern(value))}`
      : `${expression} = ${params.add(value)}`;
    (negated ? exclude : include).push(test);
  }
  const parts: string[] = [];
  if (include.length > 0) parts.push(`(${include.join(' or ')})`);
  for (const test of exclude) parts.push(`(${expression} is null or not (${test}))`);
  return parts.length > 0 ? parts.join(' and ') : undefined;
}

/**
 * A tri-state filter on a JSON map column: items are `key=value` (or a bare key: has the key),
 * `!` excludes. Included items are OR-ed, excluded ones AND-ed.
 */
export function mapTriStateSql(
  column: string,
  text: string,
  params: SqlParams,
): string | undefined {
  const include: string[] = [];
  const exclude: string[] = [];
  for (const raw of text.split(',')) {
    const item = raw.trim();
    if (item === '' || item === '!') continue;
    const negated = item.startsWith('!');
    const body = negated ? item.slice(1) : item;
    const at = body.indexOf('=');
    const test =
      at < 0
        ? `${column} ? ${params.add(body)}`
        : `${column} @> ${params.add(JSON.stringify({ [body.slice(0, at)]: body.slice(at + 1) }))}::jsonb`;
    (negated ? exclude : include).push(test);
  }
  const parts: string[] = [];
  if (include.length > 0) parts.push(`(${include.join(' or ')})`);
  for (const test of exclude) parts.push(`not (${test})`);
  return parts.length > 0 ? parts.join(' and ') : undefined;
}

/** `*` becomes `%`; the LIKE metacharacters of the value itself are escaped. */
function likePattern(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`).replace(/\*/g, '%');
}

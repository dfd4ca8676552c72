/**
 * config-db and canary-checker declare variables named like CEL's built-in type constants
 * (`type == 'Custom::Resource'` in a relationship filter). cel-js cannot shadow a built-in,
 * so a bare `type` is renamed to a variable of its own, and the variables are aliased to match.
 */
const reserved = ['type'] as const;
const alias = (name: string) => `__vigil_${name}`;

interface Renamed {
  source: string;
  /** The reserved names the source used as variables. */
  renamed: string[];
}

/** Renames bare reserved identifiers outside string literals; calls and fields stay. */
export function renameReservedVariables(source: string): Renamed {
  if (!reserved.some((name) => source.includes(name))) return { source, renamed: [] };
  let out = '';
  const renamed = new Set<string>();
  let i = 0;
  while (i < source.length) {
    const char = source[i] ?? '';
    if (char === '"' || char === "'") {
      const end = stringEnd(source, i);
      out += source.slice(i, end);
      i = end;
      continue;
    }
    const word = /^[A-Za-z_][A-Za-z0-9_]*/.exec(source.slice(i))?.[0];
    if (!word) {
      out += char;
      i += 1;
      continue;
    }
    const before = source.slice(0, i).trimEnd().at(-1);
    const after = source.slice(i + word.length).trimStart()[0];
    const bare = before !== '.' && after !== '(';
    const isReserved = reserved.some((name) => name === word);
    if (isReserved && bare) renamed.add(word);
    out += isReserved && bare ? alias(word) : word;
    i += word.length;
  }
  return { source: out, renamed: [...renamed] };
}

/** The variables with each renamed name's value under its alias. */
export function aliasVariables(
  variables: Record<string, unknown>,
  renamed: readonly string[],
): Record<string, unknown> {
  if (renamed.length === 0) return variables;
  const aliased = { ...variables };
  for (const name of renamed) aliased[alias(name)] = variables[name];
  return aliased;
}

/** The index just past the string literal opening at `start` (single, triple, escaped). */
function stringEnd(source: string, start: number): number {
  const quote = source[start] ?? '"';
  const triple = source.startsWith(quote.repeat(3), start);
  const closing = triple ? quote.repeat(3) : quote;
  let i = start + closing.length;
  while (i < source.length) {
    if (source[i] === '\\') {
      i += 2;
      continue;
    }
    if (source.startsWith(closing, i)) return i + closing.length;
    i += 1;
  }
  return source.length;
}

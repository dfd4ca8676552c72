import type { SelectItem } from '../ast.ts';
import { readField, Scanner } from './scanner.ts';

const maxDepth = 8;

/** Parses PostgREST's select: `*,alias:col->k::text,embed!hint!inner(cols)`. */
export function parseSelect(input: string | undefined): SelectItem[] {
  if (input === undefined || input.trim() === '') return [{ kind: 'star' }];
  const scanner = new Scanner(stripSpacesOutsideQuotes(input), 'select');
  const items = readItems(scanner, 0);
  if (!scanner.done) scanner.fail('unexpected input');
  return items;
}

function readItems(scanner: Scanner, depth: number): SelectItem[] {
  if (depth > maxDepth) scanner.fail(`embedding is nested more than ${maxDepth} levels deep`);
  const items: SelectItem[] = [];
  do {
    if (scanner.peek(')') && items.length === 0) return items;
    items.push(readItem(scanner, depth));
  } while (scanner.accept(','));
  return items;
}

function readItem(scanner: Scanner, depth: number): SelectItem {
  if (scanner.accept('*')) return { kind: 'star' };
  if (scanner.peek('...')) scanner.fail('spread embeds are not supported');
  let alias: string | undefined;
  let field = readField(scanner);
  if (!scanner.peek('::') && scanner.accept(':')) {
    alias = field.jsonPath.length === 0 ? field.column : scanner.fail('an alias cannot be a path');
    field = readField(scanner);
  }
  if (scanner.peek('!') || scanner.peek('(')) {
    if (field.jsonPath.length > 0) scanner.fail('cannot embed through a JSON path');
    let hint: string | undefined;
    let inner = false;
    while (scanner.accept('!')) {
      const word = scanner.identifier();
      if (word === 'inner') inner = true;
      else if (word !== 'left') hint = word;
    }
    scanner.expect('(');
    const items = readItems(scanner, depth + 1);
    scanner.expect(')');
    return {
      kind: 'embed',
      target: field.column,
      inner,
      items,
      ...opt('alias', alias),
      ...opt('hint', hint),
    };
  }
  let cast: string | undefined;
  if (scanner.accept('::')) cast = scanner.identifier();
  return { kind: 'field', field, ...opt('alias', alias), ...opt('cast', cast) };
}

function opt<K extends string>(key: K, value: string | undefined): { [P in K]?: string } {
  const out: { [P in K]?: string } = {};
  if (value !== undefined) out[key] = value;
  return out;
}

function stripSpacesOutsideQuotes(input: string): string {
  let out = '';
  let quoted = false;
  for (const char of input) {
    if (char === '"') quoted = !quoted;
    if (quoted || !/\s/.test(char)) out += char;
  }
  return out;
}

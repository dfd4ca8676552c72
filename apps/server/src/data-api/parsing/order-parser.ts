import type { OrderTerm } from '../ast.ts';
import { readField, Scanner } from './scanner.ts';

/** Parses `order=a.desc.nullslast,b->k.asc,agent(name).desc`. */
export function parseOrder(input: string): OrderTerm[] {
  const scanner = new Scanner(input, 'order');
  const terms: OrderTerm[] = [];
  do terms.push(readTerm(scanner));
  while (scanner.accept(','));
  if (!scanner.done) scanner.fail('unexpected input');
  return terms;
}

function readTerm(scanner: Scanner): OrderTerm {
  let field = readField(scanner);
  let embed: string | undefined;
  if (scanner.accept('(')) {
    if (field.jsonPath.length > 0) scanner.fail('cannot order through a JSON path embed');
    embed = field.column;
    field = readField(scanner);
    scanner.expect(')');
  }
  let direction: 'asc' | 'desc' | undefined;
  let nulls: 'first' | 'last' | undefined;
  while (scanner.accept('.')) {
    const word = scanner.identifier();
    if (word === 'asc' || word === 'desc') direction = word;
    else if (word === 'nullsfirst') nulls = 'first';
    else if (word === 'nullslast') nulls = 'last';
    else scanner.fail(`unknown order modifier "${word}"`);
  }
  return {
    field,
    ...(embed !== undefined ? { embed } : {}),
    ...(direction ? { direction } : {}),
    ...(nulls ? { nulls } : {}),
  };
}

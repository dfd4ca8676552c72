import {
  filterOperators,
  type Condition,
  type FieldRef,
  type Filter,
  type FilterOperator,
  type LogicTree,
  type Quantifier,
} from '../ast.ts';
import { pgrst } from '../postgrest-errors.ts';
import { readField, Scanner } from './scanner.ts';

const maxTreeDepth = 10;
const operatorSet: ReadonlySet<string> = new Set(filterOperators);
const quantifiable: ReadonlySet<string> = new Set([
  'eq',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
  'match',
  'imatch',
]);

function isOperator(name: string): name is FilterOperator {
  return operatorSet.has(name);
}

/** Parses the value side of `col=[not.]op[(modifier)].value`. */
export function parseCondition(field: FieldRef, expression: string): Condition {
  let rest = expression;
  let negated = false;
  if (rest.startsWith('not.')) {
    negated = true;
    rest = rest.slice(4);
  }
  const match = /^([a-z]+)(?:\(([a-z_]+)\))?\./.exec(rest);
  const name = match?.[1];
  if (!match || name === undefined || !isOperator(name)) {
    throw pgrst.parse(`"failed to parse filter (${expression.slice(0, 200)})"`, 'unknown operator');
  }
  const modifier = match[2];
  const raw = rest.slice(match[0].length);
  const base = { kind: 'condition' as const, field, negated, operator: name };
  if (name === 'in') return { ...base, value: parseList(raw, '(', ')', expression) };
  if (modifier === 'any' || modifier === 'all') {
    if (!quantifiable.has(name)) throw pgrst.parse(`"${name}" takes no (${modifier}) modifier`);
    const quantifier: Quantifier = modifier;
    return { ...base, quantifier, value: parseList(raw, '{', '}', expression) };
  }
  if (modifier !== undefined) {
    if (!name.endsWith('fts')) throw pgrst.parse(`"${name}" takes no (${modifier}) modifier`);
    return { ...base, language: modifier, value: raw };
  }
  if (
    name === 'is' &&
    !['null', 'not_null', 'true', 'false', 'unknown'].includes(raw.toLowerCase())
  ) {
    throw pgrst.parse(
      `"failed to parse filter (is.${raw.slice(0, 100)})"`,
      'is takes null, not_null, true, false or unknown',
    );
  }
  return { ...base, value: raw };
}

/** (a,b,"c,d") or {a,b}: quoted items may hold the delimiters. */
function parseList(raw: string, open: string, close: string, expression: string): string[] {
  if (!raw.startsWith(open) || !raw.endsWith(close)) {
    throw pgrst.parse(
      `"failed to parse filter (${expression.slice(0, 200)})"`,
      `expected ${open}…${close}`,
    );
  }
  const scanner = new Scanner(raw.slice(1, -1), 'filter list');
  const items: string[] = [];
  if (scanner.done) return items;
  do items.push(scanner.value(','));
  while (scanner.accept(','));
  if (!scanner.done) scanner.fail('unexpected input');
  return items;
}

/** Parses `or=(a.eq.1,and(b.gt.2,not.c.is.null))` given the key's operator and the value. */
export function parseLogicTree(operator: 'and' | 'or', negated: boolean, value: string): LogicTree {
  const scanner = new Scanner(value, 'logic tree');
  const tree = readTree(scanner, operator, negated, 0);
  if (!scanner.done) scanner.fail('unexpected input after the closing parenthesis');
  return tree;
}

function readTree(
  scanner: Scanner,
  operator: 'and' | 'or',
  negated: boolean,
  depth: number,
): LogicTree {
  if (depth > maxTreeDepth) scanner.fail(`logic trees nest at most ${maxTreeDepth} levels`);
  scanner.expect('(');
  const children: Filter[] = [];
  do children.push(readNode(scanner, depth));
  while (scanner.accept(','));
  scanner.expect(')');
  return { kind: 'logic', operator, negated, children };
}

function readNode(scanner: Scanner, depth: number): Filter {
  const negatedTree = scanner.peek('not.and(') || scanner.peek('not.or(');
  if (negatedTree) scanner.expect('not.');
  for (const op of ['and', 'or'] as const) {
    if (scanner.peek(`${op}(`)) {
      scanner.expect(op);
      return readTree(scanner, op, negatedTree, depth + 1);
    }
  }
  const field = readField(scanner);
  scanner.expect('.');
  return parseCondition(field, scanner.value(',)'));
}

/** Parses a filter key's field: `col`, `col->a->>b`. */
export function parseFieldKey(key: string): FieldRef {
  const scanner = new Scanner(key, 'filter column');
  const field = readField(scanner);
  if (!scanner.done) scanner.fail('unexpected input');
  return field;
}

import { roles, type Role } from '@vigil/domain';
import fc from 'fast-check';
import { filterOperators } from '../../src/data-api/ast.ts';
import { contentType, hole, hostileBody } from '../security/hostile-bodies.ts';
import {
  adversarial,
  casts,
  columns,
  embeds,
  mainResources,
  realColumns,
  realistic,
  resources,
} from './fuzz-values.ts';

const text = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...realistic) },
  { weight: 3, arbitrary: fc.constantFrom(...adversarial) },
  { weight: 2, arbitrary: fc.string({ maxLength: 20 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 12 }) },
  { weight: 1, arbitrary: fc.integer().map(String) },
);

export const identifier = fc.oneof(
  { weight: 10, arbitrary: fc.constantFrom(...realColumns) },
  { weight: 3, arbitrary: fc.constantFrom(...columns) },
  { weight: 1, arbitrary: text },
  {
    weight: 1,
    arbitrary: fc
      .tuple(
        fc.constantFrom('labels', 'config', 'password', 'name'),
        fc.constantFrom('->', '->>'),
        text,
      )
      .map(([column, arrow, key]) => `${column}${arrow}${key}`),
  },
  { weight: 1, arbitrary: text.map((value) => `"${value}"`) },
);

const operator = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...filterOperators) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      'eq(any)',
      'like(all)',
      'gt(any)',
      'fts(english)',
      'fts(x)',
      'in(any)',
    ),
  },
  { weight: 1, arbitrary: text },
);

const filterValue = fc.oneof(
  { weight: 4, arbitrary: text },
  {
    weight: 1,
    arbitrary: fc.array(text, { maxLength: 6 }).map((items) => `(${items.join(',')})`),
  },
  { weight: 1, arbitrary: fc.array(text, { maxLength: 6 }).map((items) => `{${items.join(',')}}`) },
);

export const condition = fc
  .tuple(fc.boolean(), operator, filterValue)
  .map(([negated, op, value]) => `${negated ? 'not.' : ''}${op}.${value}`);

const { tree } = fc.letrec<{ tree: string; node: string }>((tie) => ({
  tree: fc
    .tuple(
      fc.constantFrom('', 'not.'),
      fc.constantFrom('and', 'or'),
      fc.array(tie('node'), { minLength: 1, maxLength: 4 }),
    )
    .map(([not, op, nodes]) => `${not}${op}(${nodes.join(',')})`),
  node: fc.oneof(
    { depthSize: 'small', maxDepth: 14 },
    fc.tuple(identifier, condition).map(([column, cond]) => `${column}.${cond}`),
    tie('tree'),
    text,
  ),
}));

const { selectList } = fc.letrec<{ selectList: string; item: string }>((tie) => ({
  selectList: fc.array(tie('item'), { minLength: 1, maxLength: 5 }).map((items) => items.join(',')),
  item: fc.oneof(
    { depthSize: 'small', maxDepth: 11 },
    identifier,
    fc.constant('*'),
    fc.tuple(text, identifier).map(([alias, column]) => `${alias}:${column}`),
    fc.tuple(identifier, fc.constantFrom(...casts)).map(([column, cast]) => `${column}::${cast}`),
    fc
      .tuple(
        fc.constantFrom(...embeds, 'x'),
        fc.constantFrom('', '!inner', '!left', '!commander_id', `!${'h'.repeat(40)}`),
        tie('selectList'),
      )
      .map(([embed, hint, items]) => `${embed}${hint}(${items})`),
    text,
  ),
}));

const param: fc.Arbitrary<[string, string]> = fc.oneof(
  { weight: 6, arbitrary: fc.tuple(identifier, condition) },
  { weight: 2, arbitrary: fc.tuple(fc.constant('select'), selectList) },
  {
    weight: 1,
    arbitrary: fc.tuple(
      fc.constant('select'),
      fc.constantFrom(Array(1700).fill('id').join(','), '"a\u0000b":name', 'x:"\u0000"'),
    ),
  },
  {
    weight: 1,
    arbitrary: fc.tuple(
      fc.constantFrom('created_at', 'deleted_at', 'last_runtime', 'created_at.filter'),
      fc.constantFrom('gt.now-999999y', 'lt.now+999999mo', '>now-999999w', 'eq.now', 'gte.now-2d'),
    ),
  },
  {
    weight: 2,
    arbitrary: fc.tuple(
      fc.constantFrom('or', 'and', 'not.or', 'checks.or'),
      tree.map((t) => t.replace(/^(not\.)?(and|or)/, '')),
    ),
  },
  { weight: 1, arbitrary: fc.tuple(fc.constant('or'), tree) },
  {
    weight: 1,
    arbitrary: fc.tuple(
      fc.constantFrom('order', 'checks.order'),
      fc
        .tuple(identifier, fc.constantFrom('', '.asc', '.desc.nullslast', '.nullsfirst', '.x'))
        .map(([a, b]) => `${a}${b}`),
    ),
  },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom('limit', 'offset', 'checks.limit'), text) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom('limit', 'offset'), fc.nat().map(String)) },
  {
    weight: 2,
    arbitrary: fc.tuple(
      identifier.map((c) => `${c}.filter`),
      fc.array(text, { maxLength: 5 }).map((items) => items.join(',')),
    ),
  },
  {
    weight: 1,
    arbitrary: fc.tuple(
      fc.constantFrom('columns', 'on_conflict'),
      fc.array(identifier, { maxLength: 4 }).map((items) => items.join(',')),
    ),
  },
  {
    weight: 1,
    arbitrary: fc.tuple(fc.constantFrom('config_id', 'type_filter', 'max_depth'), text),
  },
  { weight: 1, arbitrary: fc.tuple(text, text) },
);

const jsonBody = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.dictionary(identifier, fc.oneof(text, fc.jsonValue({ maxDepth: 2 })), {
      maxKeys: 4,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.array(fc.dictionary(identifier, text, { maxKeys: 3 }), { maxLength: 4 }),
  },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

/** Rows of real columns with a hole where hostile JSON (deep, huge, polluting …) goes. */
const holedRow = fc.dictionary(fc.constantFrom(...realColumns), fc.oneof(text, fc.constant(hole)), {
  minKeys: 1,
  maxKeys: 4,
});

export const body = fc.oneof(
  { weight: 6, arbitrary: jsonBody.map((value) => JSON.stringify(value)) },
  {
    weight: 2,
    arbitrary: hostileBody(fc.oneof(holedRow, fc.array(holedRow, { minLength: 1, maxLength: 3 }))),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '{',
      '[1,',
      'null',
      '"x"',
      '',
      'x'.repeat(20_000),
      '{"name":"\\u0000"}',
    ),
  },
);

const headerText = fc
  .string({ unit: 'binary-ascii', maxLength: 20 })
  .map((value) => value.replace(/[^\x20-\x7e]/g, ''));

const someHeaders = fc.record(
  {
    prefer: fc.oneof(
      fc.constantFrom(
        'return=representation',
        'count=exact',
        'resolution=merge-duplicates',
        'resolution=ignore-duplicates,return=representation',
        'missing=default,count=exact',
        'tx=rollback',
      ),
      headerText,
    ),
    range: fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom('0-1', '5-', '0-999999999999', 'items=0-2') },
      { weight: 1, arbitrary: fc.constantFrom('1-0', '-', '999999999999-') },
      { weight: 1, arbitrary: headerText },
    ),
    accept: fc.constantFrom(
      'application/json',
      'application/vnd.pgrst.object+json',
      'text/csv',
      '*/*',
    ),
  },
  { requiredKeys: [] },
);

export const headers = fc.oneof(
  { weight: 2, arbitrary: fc.constant<Record<string, string>>({}) },
  { weight: 1, arbitrary: someHeaders },
);

export const method = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('GET', 'POST', 'PATCH', 'DELETE') },
  { weight: 1, arbitrary: fc.constantFrom('HEAD', 'PUT', 'OPTIONS') },
);
export const role = fc.oneof(
  { weight: 4, arbitrary: fc.constant<Role | undefined>('admin') },
  { weight: 3, arbitrary: fc.constantFrom<Role | undefined>(...roles, undefined) },
);

export const request = fc.record({
  method,
  role,
  target: fc.oneof(
    { weight: 12, arbitrary: fc.constantFrom(...mainResources) },
    { weight: 6, arbitrary: fc.constantFrom(...resources) },
    { weight: 1, arbitrary: text },
  ),
  params: fc.array(param, { maxLength: 4 }),
  headers,
  contentType,
  body,
});

export type FuzzRequest = typeof request extends fc.Arbitrary<infer T> ? T : never;

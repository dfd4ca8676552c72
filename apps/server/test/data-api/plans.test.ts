import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileRead } from '../../src/data-api/compile/read-query.ts';
import { parseReadRequest } from '../../src/data-api/parsing/request-parser.ts';
import { createRegistry, type DataApiRegistry } from '../../src/data-api/registry.ts';
import { createTestDatabase, type TestDatabase } from '../database.ts';
import { declaredByModules } from '../declared.ts';

let database: TestDatabase;
let registry: DataApiRegistry;
beforeAll(async () => {
  database = await createTestDatabase();
  const declared = await declaredByModules(database.db);
  registry = await createRegistry(
    database.db.pool,
    declared.resources,
    declared.functions,
    new Map(),
  );
});
afterAll(async () => {
  await database.drop();
});

function reusable(query: string): boolean {
  const exposure = registry.exposure();
  const request = parseReadRequest([...new URLSearchParams(query)]);
  return compileRead(exposure, exposure.resource('config_items'), request, { count: true })
    .reusablePlan;
}

describe('which reads run as cached prepared statements', () => {
  it.each([
    ['id=eq.00000000-0000-0000-0000-000000000000', true],
    ['type=in.(a,b)&order=name.asc&limit=50', true],
    ['deleted_at=is.null&created_at=gt.now-2d', true],
    ['name.filter=a,!b', true],
  ])('%s keeps one plan for every value', (query, expected) => {
    expect(reusable(query)).toBe(expected);
  });

  it.each([
    'name=ilike.*pod*',
    'name=like.pod*',
    'name=match.^pod',
    'name=not.imatch.^pod',
    'name=ilike(any).{a*,b*}',
    'name=fts.pod',
    'name.filter=pod*',
    'or=(type.eq.a,name.ilike.*b*)',
  ])('%s is planned with its values every time', (query) => {
    expect(reusable(query)).toBe(false);
  });
});

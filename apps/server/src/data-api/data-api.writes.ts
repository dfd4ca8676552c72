import type { Database } from '../platform/db.ts';
import {
  compileDelete,
  compileInsert,
  compileUpdate,
  type CompiledWrite,
  type Row,
} from './compile/write-query.ts';
import { authorOf } from './author.repository.ts';
import { authorColumn, keepAuthor, recordsAuthor, stampAuthor } from './authorship.ts';
import { authorise } from './authorise.ts';
import type { DataApiRequest } from './data-api.request.ts';
import { parseReadRequest } from './parsing/request-parser.ts';
import { pgrst } from './postgrest-errors.ts';
import type { DataApiRegistry } from './registry.ts';
import { parsePrefer, wantsSingular } from './request-headers.ts';
import type { DataApiResponse } from './response.ts';
import { refuseSourceManaged } from './source-managed.ts';
import {
  checkPatchColumns,
  groupByKeys,
  insertColumns,
  parsePatch,
  parseRows,
} from './write-body.ts';
import type { WriteContext, WriteOperation } from './write-hooks.ts';

interface WriteRow {
  body: string | null;
  page_count: number;
  affected: string | null;
}

const operations: Record<string, WriteOperation> = {
  POST: 'insert',
  PATCH: 'update',
  DELETE: 'delete',
};

/** POST, PATCH and DELETE: one transaction holding the hooks and the statement(s). */
export async function executeWrite(
  db: Database,
  registry: DataApiRegistry,
  request: DataApiRequest,
): Promise<DataApiResponse> {
  const exposure = registry.exposure();
  const relation = exposure.resource(request.target);
  authorise(request.actor, [relation], 'write', relation.name);
  if (relation.readOnly) throw pgrst.readOnly(relation.name);
  const operation = operations[request.method] ?? 'insert';
  const parsed = parseReadRequest(request.params);
  const prefer = parsePrefer(request.headers.prefer);
  const hook = registry.hooks.get(relation.name);
  const shape = {
    representation: prefer.representation,
    affected: hook?.afterStatement !== undefined || relation.sourceManaged,
  };
  const singular = wantsSingular(request.headers.accept);
  const param = (name: string): string | undefined =>
    request.params.find(([key]) => key === name)?.[1];

  const results = await db.transaction(async (client) => {
    const ctx: WriteContext = { actor: request.actor, client, resource: relation.name, operation };
    const compiled: CompiledWrite[] = [];
    if (operation === 'insert') {
      let rows = parseRows(request.body);
      const authored = recordsAuthor(relation);
      if (authored) rows = stampAuthor(rows, request.actor, await authorOf(client, request.actor));
      if (hook?.beforeInsert) rows = await hook.beforeInsert(ctx, rows);
      const columns = insertColumns(relation, rows, param('columns'));
      if (authored && !columns.includes(authorColumn)) columns.push(authorColumn);
      const conflictColumns =
        param('on_conflict')
          ?.split(',')
          .map((c) => c.trim()) ?? relation.relation.primaryKey;
      const onConflict = prefer.resolution
        ? {
            columns: conflictColumns,
            action: prefer.resolution,
            keep: authored ? [authorColumn] : [],
          }
        : undefined;
      if (onConflict && onConflict.columns.length === 0)
        throw pgrst.parse('on_conflict names no columns and the table has no primary key');
      for (const group of groupByKeys(rows, columns, prefer.missingDefault)) {
        if (group.rows.length === 0) continue;
        compiled.push(
          compileInsert(
            exposure,
            relation,
            parsed,
            group.rows,
            { columns: group.columns, ...(onConflict ? { onConflict } : {}) },
            shape,
          ),
        );
      }
    } else if (operation === 'update') {
      let patch: Row = parsePatch(request.body);
      checkPatchColumns(relation, patch);
      if (recordsAuthor(relation)) patch = keepAuthor(patch, request.actor);
      if (hook?.beforeUpdate) patch = await hook.beforeUpdate(ctx, patch);
      compiled.push(compileUpdate(exposure, relation, parsed, patch, shape));
    } else {
      compiled.push(compileDelete(exposure, relation, parsed, shape));
    }
    for (const query of compiled) authorise(request.actor, query.touched, 'read', relation.name);
    const rows: WriteRow[] = [];
    for (const query of compiled) {
      const result = await client.query<WriteRow>(query.text, query.values);
      if (result.rows[0]) rows.push(result.rows[0]);
    }
    const written = rows.reduce((sum, row) => sum + row.page_count, 0);
    // PostgREST rolls back a write whose result cannot be the single object asked for.
    if (singular && written !== 1) throw pgrst.singular(written);
    const affected = shape.affected ? rows.flatMap((row) => parseAffected(row.affected)) : [];
    if (relation.sourceManaged && operation !== 'insert')
      refuseSourceManaged(relation.name, request.body, affected);
    if (hook?.afterStatement) await hook.afterStatement(ctx, affected);
    return rows;
  });
  const count = results.reduce((sum, row) => sum + row.page_count, 0);
  const headers: Record<string, string> = { 'content-range': `*/${prefer.count ? count : '*'}` };
  const status = operation === 'insert' ? 201 : prefer.representation ? 200 : 204;
  if (!prefer.representation) return { status, headers, body: null };
  const body = joinArrays(results.map((row) => row.body ?? '[]'));
  if (singular) {
    headers['content-type'] = 'application/vnd.pgrst.object+json; charset=utf-8';
    return { status, headers, body: body.slice(1, -1) };
  }
  headers['content-type'] = 'application/json; charset=utf-8';
  return { status, headers, body };
}

function parseAffected(text: string | null): Row[] {
  if (!text) return [];
  const value: unknown = JSON.parse(text);
  return Array.isArray(value) ? value.filter(isRow) : [];
}

function isRow(value: unknown): value is Row {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Several insert groups each return a JSON array; concatenate them without re-serialising. */
function joinArrays(parts: readonly string[]): string {
  const inner = parts
    .map((part) => part.trim().slice(1, -1).trim())
    .filter((part) => part.length > 0);
  return `[${inner.join(',')}]`;
}

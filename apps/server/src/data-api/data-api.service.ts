import type { Action } from '@vigil/domain';
import type pg from 'pg';
import type { Database } from '../platform/db.ts';
import type { ReadRequest } from './ast.ts';
import { compileRead } from './compile/read-query.ts';
import { compileRpc } from './compile/rpc-query.ts';
import { parseReadRequest } from './parsing/request-parser.ts';
import { fromDatabaseError, pgrst } from './postgrest-errors.ts';
import { parsePrefer, parseRange, wantsSingular, type RangeHeader } from './request-headers.ts';
import type { DataApiRegistry } from './registry.ts';
import { executeWrite } from './data-api.writes.ts';
import { authorise, authoriseObject } from './authorise.ts';
import type { DataApiRequest } from './data-api.request.ts';

export type { DataApiRequest } from './data-api.request.ts';
import { shapeListResponse, type DataApiResponse } from './response.ts';

/** The data API's verbs: authorise, parse, compile, then run in one statement or transaction. */
export function createDataApiService(db: Database, registry: DataApiRegistry) {
  return {
    async handle(request: DataApiRequest): Promise<DataApiResponse> {
      try {
        if (request.method === 'GET' || request.method === 'HEAD') return await read(request);
        if (request.method === 'OPTIONS') {
          const relation = registry.exposure().resource(request.target);
          return allow(
            relation.readOnly ? 'OPTIONS,GET,HEAD' : 'OPTIONS,GET,HEAD,POST,PATCH,DELETE',
          );
        }
        if (['POST', 'PATCH', 'DELETE'].includes(request.method)) {
          return await executeWrite(db, registry, request);
        }
        throw pgrst.unsupportedMethod(`Unsupported HTTP method: ${request.method}`);
      } catch (error) {
        throw fromDatabaseError(error);
      }
    },
    async rpc(request: DataApiRequest): Promise<DataApiResponse> {
      try {
        if (request.method === 'OPTIONS') {
          const { fn } = registry.exposure().func(request.target);
          return allow(fn.volatility === 'volatile' ? 'OPTIONS,POST' : 'OPTIONS,GET,HEAD,POST');
        }
        return await callFunction(request);
      } catch (error) {
        throw fromDatabaseError(error);
      }
    },
  };

  async function read(request: DataApiRequest): Promise<DataApiResponse> {
    const relation = registry.exposure().resource(request.target);
    authorise(request.actor, [relation], 'read', relation.name);
    const parsed = parseReadRequest(request.params);
    const prefer = parsePrefer(request.headers.prefer);
    const range = parseRange(request.headers.range);
    const compiled = compileRead(registry.exposure(), relation, parsed, {
      count: prefer.count,
      ...(range ? { range } : {}),
    });
    authorise(request.actor, compiled.touched, 'read', relation.name);
    const result = await runRead(compiled);
    return shapeListResponse(firstRow(result.rows), offsetOf(range, parsed), {
      singular: wantsSingular(request.headers.accept),
      head: request.method === 'HEAD',
    });
  }

  function runRead(compiled: {
    text: string;
    values: unknown[];
    reusablePlan: boolean;
  }): Promise<pg.QueryResult<QueryRow>> {
    return compiled.reusablePlan
      ? db.prepared<QueryRow>(db.pool, compiled.text, compiled.values)
      : db.pool.query<QueryRow>(compiled.text, compiled.values);
  }

  async function callFunction(request: DataApiRequest): Promise<DataApiResponse> {
    const { definition, fn } = registry.exposure().func(request.target);
    const isGet = request.method === 'GET' || request.method === 'HEAD';
    if (isGet && fn.volatility === 'volatile') {
      throw pgrst.unsupportedMethod(`Function ${fn.name} changes data; call it with POST`);
    }
    if (!isGet && request.method !== 'POST') {
      throw pgrst.unsupportedMethod(`Unsupported HTTP method: ${request.method}`);
    }
    const action: Action = fn.volatility === 'volatile' ? 'write' : 'read';
    authoriseObject(request.actor, definition.object, action, fn.name);
    const argNames = new Set(fn.args.map((arg) => arg.name));
    const args = new Map<string, unknown>();
    const rest: Array<readonly [string, string]> = [];
    for (const [key, value] of request.params) {
      if (isGet && argNames.has(key)) args.set(key, value);
      else rest.push([key, value]);
    }
    if (!isGet)
      for (const [key, value] of Object.entries(bodyObject(request.body))) args.set(key, value);
    const parsed = parseReadRequest(rest);
    const prefer = parsePrefer(request.headers.prefer);
    const range = parseRange(request.headers.range);
    const compiled = compileRpc(registry.exposure(), fn, args, parsed, {
      count: prefer.count,
      ...(range ? { range } : {}),
    });
    authorise(request.actor, compiled.touched, 'read', fn.name);
    const run = (): Promise<QueryRow> =>
      action === 'write'
        ? db.transaction(async (client) =>
            firstRow((await client.query<QueryRow>(compiled.text, compiled.values)).rows),
          )
        : runRead(compiled).then((r) => firstRow(r.rows));
    const row = await run();
    if (compiled.scalar) {
      return {
        status: 200,
        headers: { 'content-type': 'application/json; charset=utf-8' },
        body: row.body ?? 'null',
      };
    }
    return shapeListResponse(row, offsetOf(range, parsed), {
      singular: wantsSingular(request.headers.accept),
      head: request.method === 'HEAD',
    });
  }
}

function allow(methods: string): DataApiResponse {
  return { status: 200, headers: { allow: methods }, body: null };
}

export interface QueryRow {
  body: string | null;
  page_count: number;
  total: string | null;
}

function firstRow(rows: QueryRow[]): QueryRow {
  return rows[0] ?? { body: '[]', page_count: 0, total: null };
}

function offsetOf(range: RangeHeader | undefined, request: ReadRequest): number {
  return range?.offset ?? request.levels.get('')?.offset ?? 0;
}

function bodyObject(body: unknown): Record<string, unknown> {
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body))
    throw pgrst.invalidBody('RPC arguments must be a JSON object');
  return Object.fromEntries(Object.entries(body));
}

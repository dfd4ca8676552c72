import type { z } from 'zod';
import type pg from 'pg';
import type { Actor } from '../platform/http/actor.ts';

export type WriteOperation = 'insert' | 'update' | 'delete';

export interface WriteContext {
  readonly actor: Actor;
  /** The request's transaction: hooks write through it so everything commits together. */
  readonly client: pg.PoolClient;
  readonly resource: string;
  readonly operation: WriteOperation;
}

type Row = Record<string, unknown>;

/** A write hook whose written rows are parsed once, by its schema, for every callback. */
export interface WriteHookDefinition<T> {
  /** The rows as written (every column), e.g. `z.object({id: z.string()})`; extra keys pass. */
  readonly schema: z.ZodType<T>;
  /** May validate (throw ApiError), rewrite or enrich the rows a client sends. */
  readonly beforeInsert?: (ctx: WriteContext, rows: Row[]) => Promise<Row[]>;
  /** May validate or rewrite the patch a client sends. */
  readonly beforeUpdate?: (ctx: WriteContext, patch: Row) => Promise<Row>;
  /**
   * Receives the rows being deleted, in the transaction, before it commits; throwing
   * refuses the delete (nothing is removed).
   */
  readonly beforeDelete?: (ctx: WriteContext, rows: T[]) => Promise<void>;
  /** Sees every row inserted or updated, to derive child rows or queue events. */
  readonly afterWrite?: (ctx: WriteContext, rows: T[]) => Promise<void>;
}

const defined: unique symbol = Symbol('defineWriteHook');

/**
 * What the data API runs inside a write's transaction. Only `defineWriteHook` makes one, so
 * every hook parses its rows with its schema and no hook sees an operation it did not ask for.
 */
export interface WriteHook {
  readonly [defined]: true;
  readonly beforeInsert?: (ctx: WriteContext, rows: Row[]) => Promise<Row[]>;
  readonly beforeUpdate?: (ctx: WriteContext, patch: Row) => Promise<Row>;
  /** The rows the statement wrote (or deleted), as it returned them; undefined when unused. */
  readonly afterStatement?: (ctx: WriteContext, affected: Row[]) => Promise<void>;
}

export type WriteHooks = ReadonlyMap<string, WriteHook>;

/**
 * Declares a resource's write rules on the pattern of `defineCheckType`: one callback per
 * operation, rows typed by the hook's schema.
 */
export function defineWriteHook<T>(definition: WriteHookDefinition<T>): WriteHook {
  const { schema, beforeInsert, beforeUpdate, beforeDelete, afterWrite } = definition;
  const base = {
    [defined]: true as const,
    ...(beforeInsert ? { beforeInsert } : {}),
    ...(beforeUpdate ? { beforeUpdate } : {}),
  };
  if (!beforeDelete && !afterWrite) return base;
  return {
    ...base,
    // A delete's affected rows are the rows deleted, read in the same statement.
    async afterStatement(ctx, affected) {
      if (ctx.operation === 'delete' ? !beforeDelete : !afterWrite) return;
      const rows = affected.map((row) => schema.parse(row));
      if (ctx.operation === 'delete') await beforeDelete?.(ctx, rows);
      else await afterWrite?.(ctx, rows);
    },
  };
}

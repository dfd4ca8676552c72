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

/**
 * A resource with domain rules (validation, derivation, encryption, events) registers these;
 * the data API runs them inside the request's transaction, so no path writes around them.
 */
export interface WriteHook {
  /** May validate (throw ApiError), rewrite or enrich the rows about to be written. */
  beforeWrite?(
    ctx: WriteContext,
    rows: Record<string, unknown>[],
  ): Promise<Record<string, unknown>[]>;
  /** Sees every affected row in full, e.g. to derive child rows or queue events. */
  afterWrite?(ctx: WriteContext, affected: Record<string, unknown>[]): Promise<void>;
}

export type WriteHooks = ReadonlyMap<string, WriteHook>;

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

/**
 * Declares a resource's write rules on the pattern of `defineCheckType`: one callback per
 * operation, rows typed by the hook's schema. The data API runs them as a `WriteHook`.
 */
export function defineWriteHook<T>(definition: WriteHookDefinition<T>): WriteHook {
  const { schema, beforeInsert, beforeUpdate, beforeDelete, afterWrite } = definition;
  const hook: WriteHook = {
    async beforeWrite(ctx, rows) {
      if (ctx.operation === 'insert' && beforeInsert) return beforeInsert(ctx, rows);
      if (ctx.operation === 'update' && beforeUpdate) {
        return Promise.all(rows.map((patch) => beforeUpdate(ctx, patch)));
      }
      return rows;
    },
  };
  if (!beforeDelete && !afterWrite) return hook;
  return {
    ...hook,
    // A delete's affected rows are the rows deleted, read in the same statement.
    async afterWrite(ctx, affected) {
      const rows = affected.map((row) => schema.parse(row));
      if (ctx.operation === 'delete') await beforeDelete?.(ctx, rows);
      else await afterWrite?.(ctx, rows);
    },
  };
}

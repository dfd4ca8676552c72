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

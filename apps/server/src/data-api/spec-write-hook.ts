import { creatorOf } from '../platform/creator.ts';
import { badRequest } from '../platform/errors.ts';
import type { WriteContext } from './write-hooks.ts';

type Row = Record<string, unknown>;

/** Validates a written spec and answers the row with the columns that follow from it. */
export type WithSpec = (ctx: WriteContext, row: Row) => Promise<Row>;

/**
 * The insert and update rules shared by resources defined by a spec (scrapers, topologies,
 * logging backends): a name and a spec are required, `created_by` is the session's, and
 * `connection_pairing_approved` is only ever set by `withSpec`, from the writer.
 */
export function specResourceWrites(withSpec: WithSpec) {
  return {
    async beforeInsert(ctx: WriteContext, rows: Row[]): Promise<Row[]> {
      // Recorded by the server, never taken from the body: a client cannot name another creator.
      const created_by = await creatorOf(ctx.client, ctx.actor);
      const written: Row[] = [];
      for (const row of rows) {
        if (typeof row.name !== 'string' || row.name === '') throw badRequest('name is required');
        if (!('spec' in row)) throw badRequest('spec is required');
        written.push({ ...(await withSpec(ctx, row)), created_by });
      }
      return written;
    },
    async beforeUpdate(ctx: WriteContext, patch: Row): Promise<Row> {
      const row = { ...patch };
      delete row.created_by;
      delete row.connection_pairing_approved;
      return 'spec' in row ? withSpec(ctx, row) : row;
    },
  };
}

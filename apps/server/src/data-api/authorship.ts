import type { Actor } from '../platform/http/actor.ts';
import { badRequest } from '../platform/errors.ts';
import type { Row } from './compile/write-query.ts';
import type { ExposedRelation } from './exposure.ts';

/** Every exposed table with this column records who created a row, and only the server sets it. */
export const authorColumn = 'created_by';

export function recordsAuthor(relation: ExposedRelation): boolean {
  return relation.relation.columns.has(authorColumn);
}

/**
 * New rows are created by the signed-in person (`author`, null without a person). A body may
 * leave `created_by` out, send null, or send the actor's own id (as the Mission Control UI
 * does); naming anyone else is refused.
 */
export function stampAuthor(rows: readonly Row[], actor: Actor, author: string | null): Row[] {
  return rows.map((row) => {
    refuseOtherAuthor(row, actor, true);
    return { ...row, [authorColumn]: author };
  });
}

/** Authorship never changes: a PATCH may repeat the actor's own id (dropped), nothing else. */
export function keepAuthor(patch: Row, actor: Actor): Row {
  if (!(authorColumn in patch)) return patch;
  refuseOtherAuthor(patch, actor, false);
  return Object.fromEntries(Object.entries(patch).filter(([name]) => name !== authorColumn));
}

function refuseOtherAuthor(row: Row, actor: Actor, mayBeNull: boolean): void {
  const given = row[authorColumn];
  if (given === undefined || (mayBeNull && given === null)) return;
  if (actor.id !== null && given === actor.id) return;
  throw badRequest(
    `${authorColumn} is set by the server to the signed-in person and cannot name anyone else`,
  );
}

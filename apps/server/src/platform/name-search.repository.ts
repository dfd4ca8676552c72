import type { SearchHit, SearchKind } from '@vigil/domain';
import { z } from 'zod';
import type { Queryable } from './db.ts';

/**
 * A table searched by name. Every field is SQL written by an area module, never user input:
 * `from` is a table or join, `title` and `subtitle` expressions over it, `where` its filter.
 */
export interface NameSearchSource {
  readonly kind: SearchKind;
  readonly from: string;
  readonly id: string;
  readonly title: string;
  readonly subtitle: string;
  readonly where: string;
  /** The console path of a hit; `{id}` is replaced by the hit's id. */
  readonly href: string;
}

const hitRow = z.object({
  id: z.string(),
  title: z.string(),
  subtitle: z.string().nullable(),
  rank: z.number().int(),
});

/** `%`, `_` and `\` match themselves in the text a user typed. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** Exact name, then name prefix, then a word of the name, then anywhere; shorter names first. */
export async function searchByName(
  db: Queryable,
  source: NameSearchSource,
  text: string,
  limit: number,
): Promise<SearchHit[]> {
  const lowered = escapeLike(text.toLowerCase());
  const result = await db.query(
    `select id, title, subtitle,
            case when lower(title) = $1 then 0
                 when lower(title) like $2 then 1
                 when lower(title) like any (array['% ' || $2, '%-' || $2, '%/' || $2,
                                                   '%.' || $2, '%\\_' || $2]) then 2
                 else 3 end::int as rank
     from (select ${source.id}::text as id, ${source.title} as title,
                  ${source.subtitle} as subtitle
           from ${source.from} where ${source.where}) found
     where title ilike $3 or subtitle ilike $3
     order by rank, length(title), title
     limit $4`,
    [text.toLowerCase(), `${lowered}%`, `%${lowered}%`, limit],
  );
  return result.rows.map((row) => {
    const hit = hitRow.parse(row);
    return { ...hit, kind: source.kind, href: source.href.replace('{id}', hit.id) };
  });
}

/** A provider's search from its source: the common case of one table searched by name. */
export function nameSearch(source: NameSearchSource) {
  return (db: Queryable, text: string, limit: number) => searchByName(db, source, text, limit);
}

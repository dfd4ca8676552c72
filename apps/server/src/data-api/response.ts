import { pgrst } from './postgrest-errors.ts';

export interface DataApiResponse {
  readonly status: number;
  readonly headers: Record<string, string>;
  /** JSON text exactly as PostgreSQL built it, or null for no body. */
  readonly body: string | null;
}

interface PageRow {
  body: string | null;
  page_count: number;
  total: string | null;
}

const json = 'application/json; charset=utf-8';
const objectJson = 'application/vnd.pgrst.object+json; charset=utf-8';

/** Content-Range on every list, 206 for a partial page of a counted list, 406/416 as PostgREST. */
export function shapeListResponse(
  row: PageRow,
  offset: number,
  options: { singular: boolean; head: boolean },
): DataApiResponse {
  const total = row.total === null ? null : Number(row.total);
  const count = row.page_count;
  if (total !== null && total > 0 && offset >= total) {
    throw pgrst.range(`An offset of ${offset} was requested, but there are only ${total} rows.`);
  }
  const range = count > 0 ? `${offset}-${offset + count - 1}` : '*';
  const headers: Record<string, string> = {
    'content-range': `${range}/${total ?? '*'}`,
    'content-type': options.singular ? objectJson : json,
  };
  if (options.singular) {
    if (count !== 1) throw pgrst.singular(count);
    const body = row.body ?? '[]';
    return { status: 200, headers, body: options.head ? null : body.slice(1, -1) };
  }
  const partial = total !== null && count < total;
  return { status: partial ? 206 : 200, headers, body: options.head ? null : (row.body ?? '[]') };
}

import type pg from 'pg';
import { compileRead } from '../apps/server/src/data-api/compile/read-query.ts';
import type { DataApiRegistry } from '../apps/server/src/data-api/registry.ts';
import { parseReadRequest } from '../apps/server/src/data-api/parsing/request-parser.ts';
import { configTypes, services } from './seed.ts';

export const catalogColumns =
  'id,type,config_class,status,health,labels,name,tags,created_at,updated_at,deleted_at,' +
  'cost_per_minute,cost_total_1d,cost_total_7d,cost_total_30d,changes,analysis,agent(id,name)';

/** The same 18 columns as a hand-written repository would select them. */
const handColumns = `c.id, c.type, c.config_class, c.status, c.health, c.labels, c.name, c.tags,
  c.created_at, c.updated_at, c.deleted_at, c.cost_per_minute, c.cost_total_1d, c.cost_total_7d,
  c.cost_total_30d, c.changes, c.analysis, a.id as agent_id, a.name as agent_name`;

/** The lookup-by-id request; `id` goes in as given (the throughput client passes `{id}`). */
export function lookupPath(id: string): string {
  const select = new URLSearchParams([['select', catalogColumns]]).toString();
  return `/api/db/configs?${select}&id=eq.${id}`;
}

export interface SqlStatement {
  readonly text: string;
  readonly values: unknown[];
}

/** One concrete request: the HTTP form and its direct-SQL equivalents. */
export interface QueryCase {
  readonly path: string;
  readonly headers: Record<string, string>;
  /** What a hand-written repository would run: the page, plus the count when asked. */
  readonly hand: readonly SqlStatement[];
  /** The exact statement the data-API compiler generates for `path`. */
  /** The compiler's statement, and whether the server runs it as a prepared statement. */
  readonly compiled: SqlStatement & { readonly reusablePlan: boolean };
}

export interface QueryKind {
  readonly name: string;
  readonly label: string;
  make(iteration: number): QueryCase;
}

export function queryKinds(registry: DataApiRegistry, ids: readonly string[]): QueryKind[] {
  const compile = (params: Array<[string, string]>, count: boolean): QueryCase['compiled'] => {
    const exposure = registry.exposure();
    const compiled = compileRead(exposure, exposure.resource('configs'), parseReadRequest(params), {
      count,
    });
    return { text: compiled.text, values: compiled.values, reusablePlan: compiled.reusablePlan };
  };
  const build = (params: Array<[string, string]>, count: boolean): Omit<QueryCase, 'hand'> => ({
    path: `/api/db/configs?${new URLSearchParams(params).toString()}`,
    headers: count ? { prefer: 'count=exact' } : {},
    compiled: compile(params, count),
  });
  return [
    {
      name: 'catalog_list',
      label: 'catalog list (type filter, order, limit 50, count=exact)',
      make(iteration) {
        const type = configTypes[iteration % configTypes.length]?.[0] ?? 'Kubernetes::Pod';
        const params: Array<[string, string]> = [
          ['select', catalogColumns],
          ['deleted_at', 'is.null'],
          ['type', `eq.${type}`],
          ['order', 'type,name.asc'],
          ['limit', '50'],
        ];
        const where = 'c.deleted_at is null and c.type = $1';
        return {
          ...build(params, true),
          hand: [
            {
              text: `select ${handColumns} from configs c left join agents a on a.id = c.agent_id
                where ${where} order by c.type, c.name limit 50`,
              values: [type],
            },
            { text: `select count(*) from configs c where ${where}`, values: [type] },
          ],
        };
      },
    },
    {
      name: 'lookup_by_id',
      label: 'lookup by id',
      make(iteration) {
        const id = ids[iteration % ids.length] ?? '';
        const params: Array<[string, string]> = [
          ['select', catalogColumns],
          ['id', `eq.${id}`],
        ];
        return {
          ...build(params, false),
          hand: [
            {
              text: `select ${handColumns} from configs c left join agents a on a.id = c.agent_id
                where c.id = $1`,
              values: [id],
            },
          ],
        };
      },
    },
    {
      name: 'ilike_search',
      label: 'ilike search on name (order name, limit 50, count=exact)',
      make(iteration) {
        const term = services[(iteration * 5) % services.length] ?? 'checkout';
        const params: Array<[string, string]> = [
          ['select', catalogColumns],
          ['deleted_at', 'is.null'],
          ['name', `ilike.*${term}*`],
          ['order', 'name.asc'],
          ['limit', '50'],
        ];
        const where = 'c.deleted_at is null and c.name ilike $1';
        const pattern = `%${term}%`;
        return {
          ...build(params, true),
          hand: [
            {
              text: `select ${handColumns} from configs c left join agents a on a.id = c.agent_id
                where ${where} order by c.name limit 50`,
              values: [pattern],
            },
            { text: `select count(*) from configs c where ${where}`, values: [pattern] },
          ],
        };
      },
    },
  ];
}

/** A hand-written repository issues the page and the count together, on two connections. */
export async function runHand(pool: pg.Pool, statements: readonly SqlStatement[]): Promise<number> {
  const results = await Promise.all(statements.map((s) => pool.query(s.text, s.values)));
  return results[0]?.rowCount ?? 0;
}

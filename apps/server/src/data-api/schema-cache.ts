import type { Queryable } from '../platform/db.ts';
import { inferViewForeignKeys } from './schema-cache-views.ts';
import type {
  Column,
  DbFunction,
  ForeignKey,
  Relation,
  SchemaCache,
} from './schema-cache.types.ts';
import { loadFunctions } from './schema-cache-functions.ts';

interface ColumnRow {
  relname: string;
  relkind: string;
  attname: string;
  type: string;
  category: string;
  nullable: boolean;
  has_default: boolean;
}

interface ConstraintRow {
  relname: string;
  conname: string;
  contype: string;
  cols: string[];
  ref: string | null;
  refcols: string[] | null;
}

/** Reads tables, views, keys and functions of schema public; reloaded after migrations. */
export async function loadSchemaCache(db: Queryable): Promise<SchemaCache> {
  const columns = await db.query<ColumnRow>(`
    select c.relname, c.relkind, a.attname, format_type(a.atttypid, a.atttypmod) as type,
           t.typcategory as category, not a.attnotnull as nullable, a.atthasdef as has_default
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
    join pg_type t on t.oid = a.atttypid
    where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm', 'f') and not c.relispartition
    order by c.relname, a.attnum`);
  const constraints = await db.query<ConstraintRow>(`
    select cl.relname, con.conname, con.contype,
      array(select a.attname::text from unnest(con.conkey) with ordinality k(n, o)
            join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.n order by k.o) as cols,
      fcl.relname as ref,
      array(select a.attname::text from unnest(con.confkey) with ordinality k(n, o)
            join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.n order by k.o) as refcols
    from pg_constraint con
    join pg_class cl on cl.oid = con.conrelid
    join pg_namespace n on n.oid = cl.relnamespace
    left join pg_class fcl on fcl.oid = con.confrelid
    where n.nspname = 'public' and con.contype in ('p', 'f') and con.conparentid = 0
      and not cl.relispartition`);

  const columnsByRelation = new Map<string, { kind: string; columns: Map<string, Column> }>();
  for (const row of columns.rows) {
    let entry = columnsByRelation.get(row.relname);
    if (!entry) {
      entry = { kind: row.relkind, columns: new Map() };
      columnsByRelation.set(row.relname, entry);
    }
    entry.columns.set(row.attname, {
      name: row.attname,
      type: row.type,
      category: row.category,
      nullable: row.nullable,
      hasDefault: row.has_default,
    });
  }
  const primaryKeys = new Map<string, string[]>();
  const foreignKeys: ForeignKey[] = [];
  for (const row of constraints.rows) {
    if (row.contype === 'p') primaryKeys.set(row.relname, row.cols);
    else if (row.ref && row.refcols) {
      foreignKeys.push({
        name: row.conname,
        table: row.relname,
        columns: row.cols,
        refTable: row.ref,
        refColumns: row.refcols,
      });
    }
  }
  const relations = new Map<string, Relation>();
  for (const [name, entry] of columnsByRelation) {
    const kind = entry.kind === 'v' || entry.kind === 'm' ? 'view' : 'table';
    relations.set(name, {
      name,
      kind,
      columns: entry.columns,
      primaryKey: primaryKeys.get(name) ?? [],
    });
  }
  const viewKeys = await inferViewForeignKeys(db, relations, foreignKeys);
  const functions: Map<string, DbFunction> = await loadFunctions(db);
  return { relations, foreignKeys: [...foreignKeys, ...viewKeys], functions };
}

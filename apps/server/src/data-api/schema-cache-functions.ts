import type { Queryable } from '../platform/db.ts';
import type { Column, DbFunction, FunctionArg } from './schema-cache.types.ts';

interface FunctionRow {
  proname: string;
  provolatile: string;
  proretset: boolean;
  return_type: string;
  return_relation: string | null;
  arg_names: string[] | null;
  arg_modes: string[] | null;
  all_arg_types: string[];
  nargdefaults: number;
  overloads: number;
}

/** Functions of schema public; overloaded names are left out, as PostgREST cannot pick one. */
export async function loadFunctions(db: Queryable): Promise<Map<string, DbFunction>> {
  const result = await db.query<FunctionRow>(`
    select p.proname::text, p.provolatile::text, p.proretset,
      format_type(p.prorettype, null) as return_type,
      rc.relname::text as return_relation,
      p.proargnames::text[] as arg_names,
      p.proargmodes::text[] as arg_modes,
      array(select format_type(x, null) from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) x) as all_arg_types,
      p.pronargdefaults::int as nargdefaults,
      count(*) over (partition by p.proname)::int as overloads
    from pg_proc p
    join pg_namespace n on n.oid = p.pronamespace
    left join pg_type t on t.oid = p.prorettype
    left join pg_class rc on rc.oid = t.typrelid and rc.relkind in ('r', 'p', 'v', 'm')
    where n.nspname = 'public' and p.prokind = 'f'
      and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')`);
  const functions = new Map<string, DbFunction>();
  for (const row of result.rows) {
    if (row.overloads > 1) continue;
    const inputs: FunctionArg[] = [];
    const outputs = new Map<string, Column>();
    row.all_arg_types.forEach((type, index) => {
      const mode = row.arg_modes?.[index] ?? 'i';
      const name = row.arg_names?.[index] ?? '';
      if (mode === 'i' || mode === 'b' || mode === 'v')
        inputs.push({ name, type, hasDefault: false });
      if (mode === 'o' || mode === 'b' || mode === 't') {
        outputs.set(name, { name, type, category: 'X', nullable: true, hasDefault: false });
      }
    });
    const withDefaults = inputs.map((arg, index) => ({
      ...arg,
      hasDefault: index >= inputs.length - row.nargdefaults,
    }));
    functions.set(row.proname, {
      name: row.proname,
      args: withDefaults,
      returnsSet: row.proretset,
      returns: row.return_relation
        ? { kind: 'relation', relation: row.return_relation }
        : outputs.size > 0
          ? { kind: 'columns', columns: outputs }
          : { kind: 'scalar', type: row.return_type },
      volatility:
        row.provolatile === 'i' ? 'immutable' : row.provolatile === 's' ? 'stable' : 'volatile',
    });
  }
  return functions;
}

export interface Column {
  readonly name: string;
  /** format_type() output, e.g. `timestamp with time zone`, `text[]`, `jsonb`. */
  readonly type: string;
  /** pg_type.typcategory: D date/time, A array, U user (json, uuid), S string, N numeric … */
  readonly category: string;
  readonly nullable: boolean;
  readonly hasDefault: boolean;
}

export interface Relation {
  readonly name: string;
  readonly kind: 'table' | 'view';
  readonly columns: ReadonlyMap<string, Column>;
  readonly primaryKey: readonly string[];
}

export interface ForeignKey {
  readonly name: string;
  readonly table: string;
  readonly columns: readonly string[];
  readonly refTable: string;
  readonly refColumns: readonly string[];
}

export interface FunctionArg {
  readonly name: string;
  readonly type: string;
  readonly hasDefault: boolean;
}

export interface DbFunction {
  readonly name: string;
  readonly args: readonly FunctionArg[];
  readonly returnsSet: boolean;
  /** The relation whose rows it returns (setof table), the OUT columns (returns table), or scalar. */
  readonly returns:
    | { readonly kind: 'relation'; readonly relation: string }
    | { readonly kind: 'columns'; readonly columns: ReadonlyMap<string, Column> }
    | { readonly kind: 'scalar'; readonly type: string };
  readonly volatility: 'immutable' | 'stable' | 'volatile';
}

export interface SchemaCache {
  readonly relations: ReadonlyMap<string, Relation>;
  readonly foreignKeys: readonly ForeignKey[];
  readonly functions: ReadonlyMap<string, DbFunction>;
}

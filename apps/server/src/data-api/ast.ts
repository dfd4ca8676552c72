/** What a data-API request asks for, parsed from the query string before anything is compiled. */

/** A column, optionally followed by a JSON path: col->a->>b. */
export interface FieldRef {
  readonly column: string;
  readonly jsonPath: readonly JsonStep[];
}

export interface JsonStep {
  readonly key: string;
  /** ->> yields text, -> yields json. */
  readonly asText: boolean;
}

export type SelectItem = SelectField | SelectEmbed | SelectStar;

export interface SelectStar {
  readonly kind: 'star';
}

export interface SelectField {
  readonly kind: 'field';
  readonly field: FieldRef;
  readonly alias?: string;
  readonly cast?: string;
}

export interface SelectEmbed {
  readonly kind: 'embed';
  readonly target: string;
  readonly alias?: string;
  readonly hint?: string;
  readonly inner: boolean;
  readonly items: readonly SelectItem[];
}

export const filterOperators = [
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
  'match',
  'imatch',
  'in',
  'is',
  'isdistinct',
  'cs',
  'cd',
  'ov',
  'sl',
  'sr',
  'nxr',
  'nxl',
  'adj',
  'fts',
  'plfts',
  'phfts',
  'wfts',
] as const;
export type FilterOperator = (typeof filterOperators)[number];

export type Quantifier = 'any' | 'all';

export interface Condition {
  readonly kind: 'condition';
  readonly field: FieldRef;
  readonly negated: boolean;
  readonly operator: FilterOperator;
  /** Text search language for fts operators, or a quantifier for eq, like, gt …. */
  readonly language?: string;
  readonly quantifier?: Quantifier;
  readonly value: string | readonly string[];
}

/** The console's tri-state filter: col.filter=a,!b,c* and comparisons such as >now-7d. */
export interface TriStateFilter {
  readonly kind: 'tristate';
  readonly field: FieldRef;
  readonly include: readonly string[];
  readonly exclude: readonly string[];
}

export interface LogicTree {
  readonly kind: 'logic';
  readonly operator: 'and' | 'or';
  readonly negated: boolean;
  readonly children: readonly Filter[];
}

export type Filter = Condition | LogicTree | TriStateFilter;

export interface OrderTerm {
  readonly field: FieldRef;
  /** Set when ordering by a column of a to-one embed: order=agent(name).desc */
  readonly embed?: string;
  readonly direction?: 'asc' | 'desc';
  readonly nulls?: 'first' | 'last';
}

/** Filters, order and paging that apply at one level of the embed tree ('' is the root). */
export interface LevelOptions {
  readonly filters: Filter[];
  order?: readonly OrderTerm[];
  limit?: number;
  offset?: number;
}

export interface ReadRequest {
  readonly select: readonly SelectItem[];
  /** Keyed by embed path, e.g. '' for the root, 'checks' or 'checks.canaries'. */
  readonly levels: ReadonlyMap<string, LevelOptions>;
}

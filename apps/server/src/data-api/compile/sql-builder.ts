/** Collects bind parameters; identifiers are quoted, values never enter the SQL text. */
export class SqlBuilder {
  readonly params: unknown[] = [];
  /** Set when the best plan depends on a value (a like pattern), so it must not be cached. */
  planPerValue = false;
  private aliasCounter = 0;

  /** A bind parameter whose value the planner should see, such as a pattern or a text query. */
  planningParam(value: unknown): string {
    this.planPerValue = true;
    return this.param(value);
  }

  param(value: unknown): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }

  nextAlias(prefix = '_t'): string {
    this.aliasCounter += 1;
    return `${prefix}${this.aliasCounter}`;
  }
}

/** Identifiers come from the schema cache; quoting still guards against odd names. */
export function ident(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/**
 * Unqualified on purpose: the connection's search_path names the schema (public, or in hosted
 * mode the organisation's own schema first; ADR 0011).
 */
export function qualified(relation: string): string {
  return ident(relation);
}

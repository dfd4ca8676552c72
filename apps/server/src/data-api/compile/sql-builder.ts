/** Collects bind parameters; identifiers are quoted, values never enter the SQL text. */
export class SqlBuilder {
  readonly params: unknown[] = [];
  private aliasCounter = 0;

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

export function qualified(relation: string): string {
  return `"public".${ident(relation)}`;
}

import type { PermissionObject } from '@vigil/domain';
import { pgrst } from './postgrest-errors.ts';
import type { ExposedFunction, ExposedResource } from './resource-definition.ts';
import type {
  Column,
  DbFunction,
  ForeignKey,
  Relation,
  SchemaCache,
} from './schema-cache.types.ts';

/** A relation as clients may see it: allowlisted, and without its hidden columns. */
export interface ExposedRelation {
  readonly name: string;
  readonly object: PermissionObject;
  /** Checked for POST, PATCH and DELETE instead of object. */
  readonly writeObject: PermissionObject;
  readonly readOnly: boolean;
  readonly sourceManaged: boolean;
  readonly relation: Relation;
  /** Visible columns in table order. */
  readonly columns: readonly Column[];
  column(name: string): Column;
  hasColumn(name: string): boolean;
  /** A column a write body may name: a visible one, or a write-only secret. */
  writableColumn(name: string): Column;
  hasWritableColumn(name: string): boolean;
}

export interface Exposure {
  resource(name: string): ExposedRelation;
  maybeResource(name: string): ExposedRelation | undefined;
  func(name: string): { definition: ExposedFunction; fn: DbFunction };
  readonly foreignKeys: readonly ForeignKey[];
}

/** Joins the code allowlist with the schema cache: nothing outside both exists to clients. */
export function buildExposure(
  cache: SchemaCache,
  resources: readonly ExposedResource[],
  functions: readonly ExposedFunction[],
): Exposure {
  const exposed = new Map<string, ExposedRelation>();
  for (const definition of resources) {
    const relation = cache.relations.get(definition.name);
    if (!relation) continue;
    const hidden = new Set(definition.hiddenColumns ?? []);
    const visible = [...relation.columns.values()].filter((column) => !hidden.has(column.name));
    const byName = new Map(visible.map((column) => [column.name, column]));
    const writable = new Map(byName);
    for (const name of definition.writeOnlyColumns ?? []) {
      const column = relation.columns.get(name);
      if (column && hidden.has(name)) writable.set(name, column);
    }
    exposed.set(definition.name, {
      name: definition.name,
      object: definition.object,
      writeObject: definition.writeObject ?? definition.object,
      readOnly: definition.readOnly === true || relation.kind === 'view',
      sourceManaged: definition.sourceManaged === true && relation.columns.has('source'),
      relation,
      columns: visible,
      column(name) {
        const column = byName.get(name);
        if (!column) throw pgrst.noColumn(definition.name, name);
        return column;
      },
      hasColumn: (name) => byName.has(name),
      writableColumn(name) {
        const column = writable.get(name);
        if (!column) throw pgrst.noColumn(definition.name, name);
        return column;
      },
      hasWritableColumn: (name) => writable.has(name),
    });
  }
  const exposedFunctions = new Map(functions.map((definition) => [definition.name, definition]));
  const foreignKeys = cache.foreignKeys.filter(
    (key) => exposed.has(key.table) && exposed.has(key.refTable),
  );
  return {
    resource(name) {
      const found = exposed.get(name);
      if (!found) throw pgrst.noTable(name);
      return found;
    },
    maybeResource: (name) => exposed.get(name),
    func(name) {
      const definition = exposedFunctions.get(name);
      const fn = cache.functions.get(name);
      if (!definition || !fn) throw pgrst.noFunction(name);
      return { definition, fn };
    },
    foreignKeys,
  };
}

import type { PermissionObject } from '@vigil/domain';

/** A table or view exposed at /api/db/{name}. Anything not listed does not exist to clients. */
export interface ExposedResource {
  readonly name: string;
  /** The permission object checked before any SQL runs: read for GET, write otherwise. */
  readonly object: PermissionObject;
  /** The object checked for writes when it is stricter than the one for reads. */
  readonly writeObject?: PermissionObject;
  /** Columns that can never be selected, filtered, ordered on or written through the API. */
  readonly hiddenColumns?: readonly string[];
  /**
   * Hidden columns a write may still set, such as a secret that the resource's write hook
   * seals before it is stored. They are never read back.
   */
  readonly writeOnlyColumns?: readonly string[];
  /** Views and derived tables: writes are refused. */
  readonly readOnly?: boolean;
  /**
   * Rows whose `source` is not the console's (a CRD, a file, an agent) are changed only where
   * they come from: an update or delete through the API is refused (see source-managed.ts).
   */
  readonly sourceManaged?: boolean;
}

/** A function exposed at /api/db/rpc/{name}. */
export interface ExposedFunction {
  readonly name: string;
  readonly object: PermissionObject;
}

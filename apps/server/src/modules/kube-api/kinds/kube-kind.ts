import type { Actor } from '../../../platform/http/actor.ts';
import type { KubeObject, StoredFields } from '../kube-object.ts';

/** One column of `kubectl get`'s table (meta.k8s.io/v1 TableColumnDefinition). */
export interface TableColumn {
  readonly name: string;
  readonly type: 'string' | 'integer' | 'number' | 'boolean' | 'date';
  readonly format: string;
  readonly description: string;
  readonly priority: number;
}

/**
 * A resource kind served by the Kubernetes-style API. Each kind is one file that maps its
 * table (reached through the data API, so its write hooks run) to and from objects.
 */
export interface KubeKind {
  readonly group: string;
  readonly version: string;
  readonly kind: string;
  readonly plural: string;
  readonly singular: string;
  readonly shortNames: readonly string[];
  readonly categories: readonly string[];
  /** The data API resource that holds the objects. */
  readonly target: string;
  /** The data API `select` that reads everything toObject needs. */
  readonly select: string;
  /** Filters that scope reads and writes to the objects this API owns (live, local rows). */
  readonly scope: ReadonlyArray<readonly [string, string]>;
  /** Turns a row the data API read into the object clients see. */
  toObject(row: unknown): KubeObject;
  /** The columns a create writes, beyond the stored fields (source, owner). */
  createColumns(actor: Actor): Record<string, unknown>;
  /** The column patch that removes an object (a soft delete where the table keeps history). */
  deleteColumns(): Record<string, unknown>;
  /** The row columns for an object's stored fields. */
  toColumns(fields: StoredFields): Record<string, unknown>;
  readonly columns: readonly TableColumn[];
  cells(object: KubeObject, now: Date): unknown[];
  /** JSON schema of the whole resource, for OpenAPI. */
  schema(): Record<string, unknown>;
}

export function apiVersionOf(kind: KubeKind): string {
  return `${kind.group}/${kind.version}`;
}

/** How kubectl names a resource in messages: `canaries.canaries.flanksource.com`. */
export function qualifiedPlural(kind: KubeKind): string {
  return `${kind.plural}.${kind.group}`;
}

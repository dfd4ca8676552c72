import type { KubeKind } from './kinds/kube-kind.ts';
import type { KubeObject } from './kube-object.ts';

/** kubectl asks for server-side printing with this Accept header; plain JSON otherwise. */
export function wantsTable(accept: string | undefined): boolean {
  return accept !== undefined && /as=Table/.test(accept) && /g=meta\.k8s\.io/.test(accept);
}

export const tableContentType = 'application/json;as=Table;v=v1;g=meta.k8s.io';

/** What each row carries besides its cells (the `includeObject` query parameter). */
export type IncludeObject = 'None' | 'Metadata' | 'Object';

/** A meta.k8s.io/v1 Table: the columns `kubectl get` prints, one row per object. */
export function toTable(
  kind: KubeKind,
  objects: readonly KubeObject[],
  listVersion: string,
  include: IncludeObject,
  now: Date = new Date(),
) {
  return {
    kind: 'Table',
    apiVersion: 'meta.k8s.io/v1',
    metadata: { resourceVersion: listVersion },
    columnDefinitions: kind.columns,
    rows: objects.map((object) => ({
      cells: kind.cells(object, now),
      ...(include === 'None' ? {} : { object: rowObject(object, include) }),
    })),
  };
}

function rowObject(object: KubeObject, include: IncludeObject) {
  if (include === 'Object') return object;
  return {
    kind: 'PartialObjectMetadata',
    apiVersion: 'meta.k8s.io/v1',
    metadata: object.metadata,
  };
}

/** An age as kubectl prints one: 45s, 5m10s, 3h, 12d, 2y30d. */
export function humanAge(since: string, now: Date): string {
  const seconds = Math.max(0, Math.floor((now.getTime() - new Date(since).getTime()) / 1000));
  const minutes = Math.floor(seconds / 60);
  const hours = Math.floor(minutes / 60);
  const days = Math.floor(hours / 24);
  const years = Math.floor(days / 365);
  if (seconds < 120) return `${seconds}s`;
  if (minutes < 10) return seconds % 60 === 0 ? `${minutes}m` : `${minutes}m${seconds % 60}s`;
  if (minutes < 180) return `${minutes}m`;
  if (hours < 8) return minutes % 60 === 0 ? `${hours}h` : `${hours}h${minutes % 60}m`;
  if (hours < 48) return `${hours}h`;
  if (hours < 8 * 24) return hours % 24 === 0 ? `${days}d` : `${days}d${hours % 24}h`;
  if (days < 365 * 2) return `${days}d`;
  if (years < 8) return days % 365 === 0 ? `${years}y` : `${years}y${days % 365}d`;
  return `${years}y`;
}

import { z } from 'zod';
import { badRequest, conflict } from '../platform/errors.ts';

/** The source of rows written in the console; empty or null means the same. */
export const consoleSource = 'UI';

/** A row from a CRD, a file, an agent or Vigil's Kubernetes-style API is managed there. */
export function isManagedSource(source: unknown): source is string {
  return typeof source === 'string' && source.trim() !== '' && source.trim() !== consoleSource;
}

const affectedRow = z.object({ source: z.unknown(), name: z.unknown().optional() });

/**
 * Refuses an update or delete that touched a source-managed row, inside the write's
 * transaction, so nothing is changed. A write that names the row's managing source (the
 * Kubernetes-style API re-applying its object) is that source itself and passes.
 */
export function refuseSourceManaged(resource: string, body: unknown, affected: unknown[]): void {
  const given = patchSource(body);
  if (given !== undefined && !isManagedSource(given))
    throw badRequest(
      `source is read only on ${resource}: it records where a resource is managed and is set when it is created`,
    );
  for (const value of affected) {
    const row = affectedRow.safeParse(value);
    if (!row.success || !isManagedSource(row.data.source)) continue;
    if (given === row.data.source) continue;
    const name = typeof row.data.name === 'string' ? row.data.name : resource;
    throw conflict(
      `${name} is managed by ${row.data.source}: source-managed ${resource} are read only here`,
      `Change it where it is defined (source: ${row.data.source}).`,
    );
  }
}

function patchSource(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  return 'source' in body ? body.source : undefined;
}

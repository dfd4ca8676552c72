import type { WriteHook } from '../../data-api/write-hooks.ts';
import type { Sealer } from '../../platform/crypto.ts';
import { badRequest } from '../../platform/errors.ts';

const secretColumns = ['password', 'certificate'] as const;

/**
 * Connections through the data API: password and certificate are sealed (AES-256-GCM) before
 * they are stored, and never read back. A write that leaves them out keeps the stored ones;
 * an empty string clears them.
 */
export function connectionsWriteHook(sealer: Sealer): WriteHook {
  return {
    async beforeWrite(_ctx, rows) {
      return rows.map((row) => {
        const sealed: Record<string, unknown> = { ...row };
        for (const column of secretColumns) {
          const value = row[column];
          if (value === undefined || value === null) continue;
          if (typeof value !== 'string') throw badRequest(`${column} must be a string`);
          sealed[column] = value === '' ? null : sealer.seal(value);
        }
        return sealed;
      });
    },
  };
}

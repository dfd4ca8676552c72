import type { Database } from '../../../platform/db.ts';
import { loadCanary } from './canary-store.repository.ts';
import { prepareCanary, type PreparedCanary } from './prepared-canary.ts';

/** Canaries prepared for running, kept until their stored version changes. */
export class PreparedCanaryCache {
  readonly #prepared = new Map<string, PreparedCanary>();

  constructor(private readonly db: Database) {}

  /**
   * The canary as stored; `updatedAt` (when known) lets a cached version of that age answer
   * without reading the database. Undefined when the canary is gone or deleted.
   */
  async at(id: string, updatedAt: number | undefined): Promise<PreparedCanary | undefined> {
    const cached = this.#prepared.get(id);
    if (cached && updatedAt !== undefined && cached.updatedAt === updatedAt) return cached;
    let row;
    try {
      row = await loadCanary(this.db.pool, id);
    } catch (error) {
      // The database is away: a slot already claimed still runs with the version we know.
      if (cached) return cached;
      throw error;
    }
    if (!row || row.deleted_at !== null) {
      this.#prepared.delete(id);
      return undefined;
    }
    const canary = prepareCanary(row);
    this.#prepared.set(id, canary);
    return canary;
  }
}

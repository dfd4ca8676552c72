import type { Logger } from 'pino';
import type { Config } from './config.ts';
import { createDatabase, type Database } from './db.ts';
import { startEmbeddedPostgres } from './embedded-postgres.ts';
import type { Supervision } from './embedded-postgres-supervisor.ts';
import { maskUrl } from './logger.ts';
import { runMigrations } from './migrations.ts';

export interface Runtime {
  readonly db: Database;
  readonly databaseUrl: string;
  /** Closes the pool, then stops the embedded server if one was started. */
  close(): Promise<void>;
}

/**
 * DATABASE_URL when set, else the embedded server; either way, migrated before use. With
 * `supervision` (vigil serve) an embedded server that dies is started again.
 */
export async function openRuntime(
  config: Config,
  log: Logger,
  supervision?: Supervision,
): Promise<Runtime> {
  const embedded = config.DATABASE_URL
    ? undefined
    : await startEmbeddedPostgres(config.dataDir, log, supervision);
  const databaseUrl = config.DATABASE_URL ?? embedded?.url ?? '';
  log.info({ database: maskUrl(databaseUrl), embedded: embedded !== undefined }, 'using database');
  const db = createDatabase(databaseUrl, config.VIGIL_DB_POOL_SIZE);
  try {
    await runMigrations(db.pool, log);
  } catch (error) {
    await db.close();
    await embedded?.stop();
    throw error;
  }
  return {
    db,
    databaseUrl,
    async close() {
      await db.close();
      await embedded?.stop();
    },
  };
}

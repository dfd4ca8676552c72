import type pg from 'pg';
import { backendVersion } from '../../platform/version.ts';
import { pingDatabase } from './system.repository.ts';

export interface HealthReport {
  status: 'ok' | 'error';
  database: 'ok' | 'error';
  version: string;
}

export async function checkHealth(pool: pg.Pool): Promise<HealthReport> {
  const database = await pingDatabase(pool).then(
    () => 'ok' as const,
    () => 'error' as const,
  );
  return { status: database, database, version: backendVersion };
}

import type { FastifyInstance } from 'fastify';
import { createDataApi } from './data-api/data-api.module.ts';
import { systemRoutes } from './modules/system/system.routes.ts';
import type { Database } from './platform/db.ts';

/** Every area's routes, mounted under /api. */
export async function apiRoutes(
  db: Database,
): Promise<Array<(app: FastifyInstance) => Promise<void>>> {
  const dataApi = await createDataApi(db);
  return [systemRoutes(db.pool), dataApi.routes];
}

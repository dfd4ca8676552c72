import { roleSchema } from '@vigil/domain';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { anonymousActor, type Actor, type Authenticator } from '../src/platform/http/actor.ts';
import { buildApp } from '../src/platform/http/app.ts';
import { apiRoutes } from '../src/routes.ts';
import { createTestDatabase, type TestDatabase } from './database.ts';

/** Test-only: the harness names the actor per request; no production code path reads this header. */
export const testActorHeader = 'x-vigil-test-role';

const testAuthenticator: Authenticator = (request) => {
  const header = request.headers[testActorHeader];
  const parsed = roleSchema.safeParse(header);
  const actor: Actor = parsed.success
    ? { kind: 'user', id: '00000000-0000-0000-0000-0000000000aa', roles: [parsed.data] }
    : anonymousActor;
  return Promise.resolve(actor);
};

export interface TestApp {
  readonly app: FastifyInstance;
  readonly database: TestDatabase;
  readonly baseUrl: string;
  close(): Promise<void>;
}

/** A real Vigil API on a fresh database, listening on a loopback port. */
export async function startTestApp(): Promise<TestApp> {
  const database = await createTestDatabase();
  const app = await buildApp({
    db: database.db,
    logger: pino({ level: 'silent' }),
    authenticate: testAuthenticator,
    bodyLimit: 10 * 1024 * 1024,
    routes: await apiRoutes(database.db),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    app,
    database,
    baseUrl: `http://127.0.0.1:${port}`,
    async close() {
      await app.close();
      await database.drop();
    },
  };
}

import type { Role } from '@vigil/domain';
import { z } from 'zod';
import type { TestApp } from '../app.ts';
import { call, createdId, type Call } from '../health/health-harness.ts';

/** Creates a connection as an admin through the data API and answers its id. */
export async function createConnection(
  app: TestApp,
  body: Record<string, unknown>,
): Promise<string> {
  const answer = await call(app, 'POST', '/api/db/connections', 'admin', body);
  if (answer.status !== 201)
    throw new Error(`create answered ${answer.status}: ${JSON.stringify(answer.json)}`);
  return createdId(answer);
}

/** POST /api/connection/test/{id} as a role. */
export function testConnection(
  app: TestApp,
  id: string,
  role: Role | 'anonymous' = 'admin',
): Promise<Call> {
  return call(app, 'POST', `/api/connection/test/${id}`, role);
}

const errorBody = z.object({ code: z.string(), message: z.string() });

/** The message of a refused test, or 'ok' for a passed one. */
export function outcomeOf(answer: Call): string {
  if (answer.status === 200)
    return z.object({ message: z.literal('ok') }).parse(answer.json).message;
  return errorBody.parse(answer.json).message;
}

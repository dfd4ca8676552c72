import http from 'node:http';
import { z } from 'zod';
import type { Role } from '@vigil/domain';
import { startTestApp, testActorHeader, type TestApp } from '../app.ts';
import type { CheckResult } from '../../src/modules/health/history/check-result.ts';

/** A local HTTP target whose answer a test can change while checks run against it. */
export interface Target {
  readonly url: string;
  status: number;
  delayMs: number;
  body: string;
  close(): Promise<void>;
}

export async function startTarget(): Promise<Target> {
  const state = {
    status: 200,
    delayMs: 0,
    body: '{"items":[{"name":"a","ok":true},{"name":"b","ok":false}]}',
  };
  const server = http.createServer((_request, response) => {
    setTimeout(() => {
      response.statusCode = state.status;
      response.setHeader('content-type', 'application/json');
      response.end(state.body);
    }, state.delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return Object.assign(state, {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  });
}

export interface Call {
  readonly status: number;
  readonly json: unknown;
}

/** Calls the API as a role (or anonymously). */
export async function call(
  app: TestApp,
  method: string,
  path: string,
  role: Role | 'anonymous',
  body?: unknown,
): Promise<Call> {
  const headers: Record<string, string> = {};
  if (role !== 'anonymous') headers[testActorHeader] = role;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${app.baseUrl}${path}`, {
    method,
    headers: { ...headers, prefer: 'return=representation' },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  return { status: response.status, json: text ? JSON.parse(text) : undefined };
}

/** Polls until `probe` returns a value (not undefined), or fails after `timeoutMs`. */
export async function eventually<T>(
  probe: () => Promise<T | undefined>,
  timeoutMs = 15_000,
  what = 'condition',
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The id of the first row a `return=representation` write answered. */
export function createdId(answer: Call): string {
  const [row] = z.array(z.object({ id: z.string() })).parse(answer.json);
  if (!row) throw new Error('the write answered no row');
  return row.id;
}

export { startTestApp };

/** One run of a check as the engine records it, for seeding history with writeResults. */
export function checkResult(
  ids: { checkId: string; canaryId: string },
  time: number,
  pass: boolean,
  duration: number,
): CheckResult {
  return {
    ...ids,
    time: new Date(time),
    duration,
    pass,
    invalid: false,
    message: null,
    error: pass ? null : 'down',
    detail: null,
    nextRuntime: null,
  };
}

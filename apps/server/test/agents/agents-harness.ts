import type { Role } from '@vigil/domain';
import type pg from 'pg';
import { afterAll, beforeAll, expect } from 'vitest';
import { z } from 'zod';
import { startTestApp, testActorHeader, type TestApp } from '../app.ts';

/** The id the test harness gives every role-named caller; seeded as a person to record creators. */
export const testUserId = '00000000-0000-0000-0000-0000000000aa';

export type Caller = Role | 'anonymous' | { readonly token: string };

export interface Reply {
  readonly status: number;
  readonly headers: Headers;
  readonly json: unknown;
}

export interface AgentsHarness {
  readonly app: TestApp;
  /** Calls /api/{path} as a role, anonymously, or with an agent's bearer token. */
  call(
    method: string,
    path: string,
    caller: Caller,
    body?: unknown,
    extraHeaders?: Record<string, string>,
  ): Promise<Reply>;
  query<T extends pg.QueryResultRow = Record<string, unknown>>(
    text: string,
    values?: unknown[],
  ): Promise<T[]>;
  /** Creates an agent as an admin and answers its id and token. */
  createAgent(name: string, extra?: Record<string, unknown>): Promise<CreatedAgent>;
}

export interface CreatedAgent {
  readonly id: string;
  readonly username: string;
  readonly token: string;
}

const created = z.object({ id: z.string(), username: z.string(), access_token: z.string() });

/** One API on a fresh database for the file's tests. */
export function useAgentsApi(): AgentsHarness {
  let started: TestApp | undefined;
  beforeAll(async () => {
    started = await startTestApp();
    await started.database.db.pool.query(
      `insert into people (id, name, email) values ($1, 'Tester', 'tester@example.com')`,
      [testUserId],
    );
  });
  afterAll(async () => {
    await started?.close();
  });
  const app = (): TestApp => {
    if (!started) throw new Error('the API starts in beforeAll; use it inside a test');
    return started;
  };
  const harness: AgentsHarness = {
    get app() {
      return app();
    },
    async call(method, path, caller, body, extraHeaders = {}) {
      const headers: Record<string, string> = { ...extraHeaders };
      if (typeof caller === 'object') headers.authorization = `Bearer ${caller.token}`;
      else if (caller !== 'anonymous') headers[testActorHeader] = caller;
      if (body !== undefined) headers['content-type'] = 'application/json';
      const response = await fetch(`${app().baseUrl}/api/${path}`, {
        method,
        headers,
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
      const text = await response.text();
      return { status: response.status, headers: response.headers, json: parse(text) };
    },
    async query<T extends pg.QueryResultRow>(text: string, values: unknown[] = []) {
      const result = await app().database.db.pool.query<T>(text, values);
      return result.rows;
    },
    async createAgent(name, extra = {}) {
      const reply = await harness.call('POST', 'agent/generate', 'admin', { name, ...extra });
      expect(reply.status, JSON.stringify(reply.json)).toBe(201);
      const body = created.parse(reply.json);
      return { id: body.id, username: body.username, token: body.access_token };
    },
  };
  return harness;
}

function parse(text: string): unknown {
  if (text === '') return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return value;
  } catch {
    return text;
  }
}

/** Asserts the documented error shape {code, message, details, hint} and answers the message. */
export function expectError(reply: Reply, status: number, code?: string): string {
  expect(reply.status, JSON.stringify(reply.json)).toBe(status);
  const body = z
    .object({
      code: z.string(),
      message: z.string(),
      details: z.string().nullable(),
      hint: z.string().nullable(),
    })
    .strict()
    .parse(reply.json);
  if (code !== undefined) expect(body.code).toBe(code);
  return body.message;
}

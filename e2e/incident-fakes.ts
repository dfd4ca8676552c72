import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, type APIRequestContext, type APIResponse } from '@playwright/test';

/** A request the fake Jira received: method, path, Authorization header and JSON body. */
export interface JiraRequest {
  readonly method: string;
  readonly path: string;
  readonly auth: string;
  readonly body: unknown;
}

export interface LocalServer {
  readonly url: string;
  close(): Promise<void>;
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address: AddressInfo | string | null = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}`;
}

function closer(server: Server): () => Promise<void> {
  return () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
}

/** An HTTP target that answers 500 until `mend()`, then 200: the check's failure and cure. */
export async function startTarget(): Promise<LocalServer & { mend(): void }> {
  let healthy = false;
  const server = createServer((_request, response) => {
    response.writeHead(healthy ? 200 : 500).end(healthy ? 'ok' : 'broken');
  });
  const url = `${await listen(server)}/health`;
  return { url, close: closer(server), mend: () => (healthy = true) };
}

/**
 * A local Jira (REST API v2) that records every request: POST /rest/api/2/issue answers a new
 * key, GET of an issue answers it open with no comments (the responder sync reads it).
 */
export async function startFakeJira(): Promise<LocalServer & { received: JiraRequest[] }> {
  const received: JiraRequest[] = [];
  const server = createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const body: unknown = text === '' ? null : JSON.parse(text);
      received.push({
        method: incoming.method ?? '',
        path: incoming.url ?? '',
        auth: incoming.headers.authorization ?? '',
        body,
      });
      response.setHeader('content-type', 'application/json');
      if (incoming.method === 'POST' && incoming.url === '/rest/api/2/issue') {
        response.statusCode = 201;
        response.end(JSON.stringify({ id: '10001', key: 'OPS-1' }));
        return;
      }
      const fields = {
        status: { name: 'To Do', statusCategory: { key: 'new' } },
        resolutiondate: null,
        comment: { comments: [] },
      };
      response.end(JSON.stringify({ fields }));
    });
  });
  const url = await listen(server);
  return { url, received, close: closer(server) };
}

/** The answer's JSON, after expecting a 2xx (its text names the failure otherwise). */
export async function ok(answer: APIResponse): Promise<unknown> {
  const text = await answer.text();
  expect(answer.status(), text).toBeLessThan(300);
  return text === '' ? undefined : JSON.parse(text);
}

/** The first row's field `key` as text, or '' when there is none. */
export async function fieldOf(
  api: APIRequestContext,
  pathAndQuery: string,
  key = 'id',
): Promise<string> {
  const rows = await ok(await api.get(pathAndQuery));
  const first: unknown = Array.isArray(rows) ? rows[0] : undefined;
  if (typeof first !== 'object' || first === null) return '';
  const value: unknown = Object.entries(first).find(([name]) => name === key)?.[1];
  return typeof value === 'string' ? value : '';
}

/** The first row's field `key`, polled until there is one. */
export async function firstOf(
  api: APIRequestContext,
  pathAndQuery: string,
  key = 'id',
): Promise<string> {
  let found = '';
  await expect
    .poll(async () => (found = await fieldOf(api, pathAndQuery, key)), { timeout: 30_000 })
    .not.toBe('');
  return found;
}

/** Runs a check now, then waits until it has the status expected. */
export async function runCheckUntil(
  api: APIRequestContext,
  checkId: string,
  status: 'healthy' | 'unhealthy',
): Promise<void> {
  await expect(async () => {
    await ok(await api.post(`/api/canary/run/check/${checkId}`));
    await expect
      .poll(() => fieldOf(api, `/api/db/checks?id=eq.${checkId}&select=status`, 'status'), {
        timeout: 10_000,
      })
      .toBe(status);
  }).toPass({ timeout: 60_000 });
}

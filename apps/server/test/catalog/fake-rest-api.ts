import http from 'node:http';
import { listenOnLoopback } from '../loopback.ts';

/** One request as the fake saw it. */
export interface FakeRestCall {
  readonly method: string;
  readonly path: string;
  readonly query: Record<string, string>;
  readonly authorization: string | undefined;
}

/** What a route answers: JSON (or raw text), a status, and an optional delay. */
export interface FakeAnswer {
  status?: number;
  json?: unknown;
  text?: string;
  delayMs?: number;
}

export interface FakeRestApi {
  readonly url: string;
  readonly calls: FakeRestCall[];
  /** Routes by path (without query); a path no route has answers 404. */
  readonly routes: Map<string, (call: FakeRestCall) => FakeAnswer>;
  close(): Promise<void>;
}

/** A local stand-in for a SaaS REST API (GitHub, Azure DevOps) that records its requests. */
export async function startFakeRestApi(): Promise<FakeRestApi> {
  const calls: FakeRestCall[] = [];
  const routes = new Map<string, (call: FakeRestCall) => FakeAnswer>();
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const call: FakeRestCall = {
      method: req.method ?? '',
      path: decodeURIComponent(url.pathname),
      query: Object.fromEntries(url.searchParams),
      authorization: req.headers.authorization,
    };
    calls.push(call);
    const answer = routes.get(call.path)?.(call) ?? { status: 404, json: { message: 'Not Found' } };
    const send = () => {
      if (res.destroyed) return;
      res.writeHead(answer.status ?? 200, { 'content-type': 'application/json' });
      res.end(answer.text ?? JSON.stringify(answer.json ?? null));
    };
    if (answer.delayMs) setTimeout(send, answer.delayMs);
    else send();
  });
  const { port, close } = await listenOnLoopback(server);
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    routes,
    close,
  };
}

import { z } from 'zod';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';

export interface Received {
  readonly method: string;
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

/** A real HTTP server on loopback that records every request and answers `status`. */
export interface Receiver {
  readonly url: string;
  readonly port: number;
  readonly received: Received[];
  status: number;
  /** The body of a 2xx answer. */
  answer: string;
  /** The next this-many requests die mid-delivery: the socket is destroyed before any answer. */
  dropNext: number;
  /** Resolves once `count` requests have arrived. */
  waitFor(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export async function startReceiver(port = 0): Promise<Receiver> {
  const received: Received[] = [];
  const waiters: Array<() => void> = [];
  const state = { status: 200, dropNext: 0, answer: '{"ok":true}' };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (state.dropNext > 0) {
        state.dropNext--;
        request.socket.destroy();
        return;
      }
      if (state.status < 300) {
        received.push({
          method: request.method ?? '',
          path: request.url ?? '',
          headers: request.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        });
      }
      response.statusCode = state.status;
      response.end(state.status < 300 ? state.answer : 'receiver down');
      waiters.splice(0).forEach((wake) => wake());
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no TCP address');
  return {
    url: `http://127.0.0.1:${address.port}`,
    port: address.port,
    received,
    get status() {
      return state.status;
    },
    set status(value: number) {
      state.status = value;
    },
    get answer() {
      return state.answer;
    },
    set answer(value: string) {
      state.answer = value;
    },
    get dropNext() {
      return state.dropNext;
    },
    set dropNext(value: number) {
      state.dropNext = value;
    },
    async waitFor(count, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) {
          throw new Error(`expected ${count} requests, got ${received.length}`);
        }
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The `message` of a generic webhook body. */
export function messageOf(body: string): string {
  return z.object({ message: z.string() }).parse(JSON.parse(body)).message;
}

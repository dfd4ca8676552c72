import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SeenRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: http.IncomingHttpHeaders;
  readonly body: string;
}

export type Handler = (request: SeenRequest, response: http.ServerResponse) => void;

/** A local HTTP server that records every request (body read) before `handler` answers it. */
export async function recordingServer(
  handler: Handler,
): Promise<{ base: string; seen: SeenRequest[]; close: () => Promise<void> }> {
  const seen: SeenRequest[] = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const entry = {
        method: request.method ?? '',
        url: request.url ?? '/',
        headers: request.headers,
        body,
      };
      seen.push(entry);
      handler(entry, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address: AddressInfo | string | null = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return {
    base: `http://127.0.0.1:${address.port}`,
    seen,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** Echoes the request as httpbin's /headers and /get do: header names in canonical case. */
export function echo(request: SeenRequest, response: http.ServerResponse): void {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    const canonical = name.replace(
      /(^|-)([a-z])/g,
      (_, dash: string, c: string) => dash + c.toUpperCase(),
    );
    headers[canonical] = Array.isArray(value) ? value.join(', ') : (value ?? '');
  }
  response.setHeader('content-type', 'application/json');
  response.end(
    JSON.stringify({ headers, method: request.method, url: request.url, data: request.body }),
  );
}

import http from 'node:http';

export interface HttpAnswer {
  readonly status: number;
  readonly body: string;
}

/**
 * One keep-alive socket, like a browser tab's connection. Node's global fetch adds about a
 * millisecond of its own per request on this machine, which would be timed as server cost.
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** The benchmark's signed-in viewer: every request carries its session cookie, as a browser would. */
let sessionCookie = '';
export function useSessionCookie(cookie: string): void {
  sessionCookie = cookie;
}

export function httpGet(url: string, headers: Record<string, string> = {}): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const all = sessionCookie ? { ...headers, cookie: sessionCookie } : headers;
    const request = http.get(url, { agent, headers: all }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

export function closeHttpClient(): void {
  agent.destroy();
}

import http from 'node:http';
import { z } from 'zod';

export interface Answer {
  readonly status: number;
  readonly body: string;
}

/**
 * The benchmark's browser: one keep-alive socket pair and a cookie jar, signed in as an admin
 * through the identity API's password login flow, like the console's sign-in page.
 */
export class ApiClient {
  readonly #agent = new http.Agent({ keepAlive: true, maxSockets: 2 });
  readonly #cookies = new Map<string, string>();

  constructor(readonly baseUrl: string) {}

  request(method: string, path: string, body?: unknown, prefer?: string): Promise<Answer> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.#cookies.size > 0) {
      headers.cookie = [...this.#cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    }
    const payload = body === undefined ? undefined : JSON.stringify(body);
    if (payload !== undefined) headers['content-type'] = 'application/json';
    if (prefer) headers.prefer = prefer;
    // The server's CSRF guard refuses a cookie-signed write without the console's Origin.
    if (method !== 'GET' && method !== 'HEAD') headers.origin = new URL(this.baseUrl).origin;
    return new Promise((resolve, reject) => {
      const request = http.request(
        `${this.baseUrl}${path}`,
        { method, headers, agent: this.#agent },
        (response) => {
          this.#remember(response.headers['set-cookie'] ?? []);
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', reject);
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              body: Buffer.concat(chunks).toString('utf8'),
            }),
          );
        },
      );
      request.on('error', reject);
      // An overloaded server may not answer for minutes; the bench stays bounded.
      request.setTimeout(120_000, () =>
        request.destroy(new Error(`${method} ${path}: no answer in 120 s`)),
      );
      request.end(payload);
    });
  }

  async signIn(identifier: string, password: string): Promise<void> {
    const created = await this.request('GET', '/api/identity/self-service/login/browser');
    const flow = loginFlow.parse(JSON.parse(created.body));
    const csrf = flow.ui.nodes.find((n) => n.attributes.name === 'csrf_token')?.attributes.value;
    const answer = await this.request('POST', `/api/identity/self-service/login?flow=${flow.id}`, {
      method: 'password',
      csrf_token: typeof csrf === 'string' ? csrf : '',
      identifier,
      password,
    });
    if (answer.status !== 200 || !this.#cookies.has('vigil_session')) {
      throw new Error(`sign-in answered ${answer.status}: ${answer.body.slice(0, 300)}`);
    }
  }

  /** The cookies the server set, e.g. to hand the session to a browser. */
  cookies(): ReadonlyArray<readonly [string, string]> {
    return [...this.#cookies];
  }

  close(): void {
    this.#agent.destroy();
  }

  #remember(lines: readonly string[]): void {
    for (const line of lines) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      if (at > 0) this.#cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
  }
}

const loginFlow = z.object({
  id: z.string(),
  ui: z.object({
    nodes: z.array(
      z.object({
        attributes: z.object({ name: z.string().optional(), value: z.unknown().optional() }),
      }),
    ),
  }),
});

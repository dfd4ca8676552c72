import http from 'node:http';
import { stats, type Stats } from '../measure.ts';

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** Closes the keep-alive socket so that the process can exit. */
export function closeAgent(): void {
  agent.destroy();
}

/** One request on a keep-alive socket, as a browser tab sends it (cookie, Origin, JSON). */
export function send(
  baseUrl: string,
  method: string,
  path: string,
  cookie: string,
  body?: unknown,
): Promise<{ status: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const request = http.request(
      `${baseUrl}${path}`,
      {
        method,
        agent,
        headers: {
          cookie,
          origin: baseUrl,
          ...(payload ? { 'content-type': 'application/json' } : {}),
        },
      },
      (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => (bytes += chunk.length));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, bytes }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

export interface Case {
  readonly name: string;
  readonly goalMs?: number;
  run(): Promise<{ status: number; bytes: number }>;
}

/** Ten warm-up calls, then `iterations` timed ones; any answer but 200 fails the run. */
export async function measure(
  c: Case,
  iterations: number,
): Promise<{ name: string; stats: Stats; bytes: number }> {
  for (let i = 0; i < 10; i++) await c.run();
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < iterations; i++) {
    const started = performance.now();
    const answer = await c.run();
    times.push(performance.now() - started);
    if (answer.status !== 200) throw new Error(`${c.name}: status ${answer.status}`);
    bytes = answer.bytes;
  }
  return { name: c.name, stats: stats(times), bytes };
}

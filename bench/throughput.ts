import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { z } from 'zod';

const run = promisify(execFile);

export const throughputSchema = z.object({
  requestsPerSecond: z.number(),
  requestsTotal: z.number(),
  latencyP50: z.number(),
  latencyP99: z.number(),
  latencyAverage: z.number(),
  non2xx: z.number(),
  errors: z.number(),
  timeouts: z.number(),
  seconds: z.number(),
});
export type ThroughputResult = z.infer<typeof throughputSchema> & {
  readonly connections: number;
  readonly distinctIds: number;
};

/** autocannon in its own process (ids rotate per request), so the load generator does not share the server's event loop. */
export async function measureThroughput(
  baseUrl: string,
  pathTemplate: string,
  ids: readonly string[],
  connections: number,
  seconds: number,
  cookie: string,
): Promise<ThroughputResult> {
  const client = fileURLToPath(new URL('./throughput-client.ts', import.meta.url));
  const input = { url: baseUrl, pathTemplate, ids: [...ids], connections, seconds, cookie };
  const { stdout } = await run(process.execPath, ['--import', 'tsx', client], {
    env: { ...process.env, BENCH_THROUGHPUT_INPUT: JSON.stringify(input) },
    timeout: (seconds + 30) * 1000,
  });
  const last = stdout.trim().split('\n').at(-1) ?? '{}';
  const parsed = throughputSchema.parse(JSON.parse(last));
  return { ...parsed, connections, distinctIds: ids.length };
}

import autocannon from 'autocannon';
import { z } from 'zod';

const inputSchema = z.object({
  url: z.string(),
  /** The request path with `{id}` where each request puts the next id. */
  pathTemplate: z.string(),
  ids: z.array(z.string()).min(1),
  connections: z.number().int().positive(),
  seconds: z.number().positive(),
  cookie: z.string(),
});

/** Child process of the benchmark: autocannon rotating over the paths, one JSON line out. */
async function main(): Promise<void> {
  const input = inputSchema.parse(JSON.parse(process.env.BENCH_THROUGHPUT_INPUT ?? '{}'));
  const paths = input.ids.map((id) => input.pathTemplate.replace('{id}', encodeURIComponent(id)));
  let next = 0;
  const result = await autocannon({
    url: input.url,
    connections: input.connections,
    duration: input.seconds,
    headers: { cookie: input.cookie },
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => {
          next = (next + 1) % paths.length;
          return { ...request, path: paths[next] ?? paths[0] };
        },
      },
    ],
  });
  const output = {
    requestsPerSecond: result.requests.average,
    requestsTotal: result.requests.total,
    latencyP50: result.latency.p50,
    latencyP99: result.latency.p99,
    latencyAverage: result.latency.average,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    seconds: result.duration,
  };
  process.stdout.write(`${JSON.stringify(output)}\n`);
}

await main();

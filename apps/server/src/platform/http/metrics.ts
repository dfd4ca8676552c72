import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { authoriseScrape, type MetricsAccess } from './metrics-access.ts';

/**
 * How often the event-loop delay is sampled. prom-client's 10 ms default wakes the process
 * 100 times a second, which alone costs most of an idle server's CPU.
 */
export const eventLoopSamplingMs = 100;

/** Text-format metric families that a module keeps and renders itself, a slice at a time. */
export type ExpositionSource = () => AsyncIterable<string>;

const expositions = new WeakMap<Registry, ExpositionSource[]>();

/**
 * Serves the source's families after the registry's own at /api/metrics. For families too
 * large for prom-client's one synchronous pass (the health engine's per-check series).
 */
export function addExposition(registry: Registry, source: ExpositionSource): void {
  expositions.set(registry, [...(expositions.get(registry) ?? []), source]);
}

/** The registry's metrics and then every added source's, in the Prometheus text format. */
export async function* metricsText(registry: Registry): AsyncGenerator<string> {
  const own = await registry.metrics();
  yield own.endsWith('\n') ? own : `${own}\n`;
  for (const source of expositions.get(registry) ?? []) yield* source();
}

/** All of metricsText as one string (tests, and callers that want it whole). */
export async function renderMetrics(registry: Registry): Promise<string> {
  let text = '';
  for await (const chunk of metricsText(registry)) text += chunk;
  return text;
}

/** Request durations by route, the db pool, and Node's own gauges (including event-loop lag). */
export function registerMetrics(
  app: FastifyInstance,
  pool: pg.Pool,
  access: MetricsAccess,
  registry: Registry = new Registry(),
): Registry {
  collectDefaultMetrics({
    register: registry,
    prefix: 'vigil_',
    eventLoopMonitoringPrecision: eventLoopSamplingMs,
  });
  const durations = new Histogram({
    name: 'vigil_http_request_duration_seconds',
    help: 'HTTP request duration by route',
    labelNames: ['method', 'route', 'status_code'],
    buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const poolGauge = (name: string, help: string, read: () => number): void => {
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        this.set(read());
      },
    });
  };
  poolGauge('vigil_db_pool_total', 'Connections open in the pool', () => pool.totalCount);
  poolGauge('vigil_db_pool_idle', 'Idle connections in the pool', () => pool.idleCount);
  poolGauge('vigil_db_pool_waiting', 'Requests waiting for a connection', () => pool.waitingCount);

  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const labels = { method: request.method, route, status_code: String(reply.statusCode) };
    durations.observe(labels, reply.elapsedTime / 1000);
    done();
  });
  app.get('/api/metrics', { schema: { hide: true } }, async (request, reply) => {
    await authoriseScrape(request, access);
    // Streamed as rendered: no 20 MB string to build, flatten and encode in one go.
    return reply.type(registry.contentType).send(Readable.from(metricsText(registry)));
  });
  return registry;
}

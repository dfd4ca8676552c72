import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import type { Registry } from 'prom-client';
import type { Database } from '../db.ts';
import type { RequestScope } from '../tenancy.ts';
import { backendVersion } from '../version.ts';
import { anonymousActor, type Authenticator } from './actor.ts';
import { registerJsonBodyParser } from './body-depth.ts';
import { registerCsrfGuard } from './csrf-guard.ts';
import { registerErrorHandler, sendFrameworkError } from './error-handler.ts';
import { registerMetrics } from './metrics.ts';
import type { MetricsAccess } from './metrics-access.ts';
import { registerStaticWeb, type PagePreload } from './static-web.ts';
import { registerDraining } from './draining.ts';

export interface AppOptions {
  readonly db: Database;
  readonly logger: Logger;
  readonly authenticate: Authenticator;
  /** Hosted mode: binds each request's area queries to the actor's organisation. */
  readonly requestScope?: RequestScope | undefined;
  readonly bodyLimit: number;
  /** VIGIL_PUBLIC_URL: writes signed in by cookie must come from it or the request's host. */
  readonly publicUrl?: string | undefined;
  readonly webDir?: string;
  /** API answers that pages ask for first, named in a `Link: rel=preload` header of the page. */
  readonly pagePreloads?: readonly PagePreload[];
  /** Shared with the workers, so one /api/metrics serves everything. */
  readonly metrics?: Registry;
  /** Who besides signed-in people may scrape /api/metrics; by default no one. */
  readonly metricsAccess?: Omit<MetricsAccess, 'authenticate'>;
  /** Area routes, each a plugin registered under /api. */
  readonly routes: ReadonlyArray<(app: FastifyInstance) => Promise<void>>;
}

const requestIdPattern = /^[A-Za-z0-9._-]{1,128}$/;

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const loggerInstance: FastifyBaseLogger = options.logger;
  const app = Fastify({
    loggerInstance,
    bodyLimit: options.bodyLimit,
    forceCloseConnections: 'idle',
    // Errors raised before routing (a malformed path encoding) get the same body as the rest.
    frameworkErrors: (error, _request, reply) => sendFrameworkError(error, reply),
    requestIdHeader: false,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && requestIdPattern.test(incoming)
        ? incoming
        : randomUUID();
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerJsonBodyParser(app);
  // Cookies are parsed before the actor hook below, which reads the session cookie.
  await app.register(cookie);
  const scope = options.requestScope;
  if (scope) app.addHook('onRequest', (request, _reply, done) => scope.open(request, done));
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    request.actor = needsActor(request.url) ? await options.authenticate(request) : anonymousActor;
    scope?.bind(request);
  });
  if (scope) app.addHook('preValidation', (request, _reply, done) => scope.resume(request, done));
  registerCsrfGuard(app, options.publicUrl);
  registerErrorHandler(app);
  registerDraining(app);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'upgrade-insecure-requests': null,
      },
    },
  });
  const metricsAccess = { public: false, ...options.metricsAccess };
  registerMetrics(
    app,
    options.db.pool,
    { ...metricsAccess, authenticate: options.authenticate },
    options.metrics,
  );
  await app.register(swagger, {
    openapi: { info: { title: 'Vigil API', version: backendVersion } },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  for (const routes of options.routes) await app.register(routes, { prefix: '/api' });
  await registerStaticWeb(app, options.webDir, options.pagePreloads);
  return app;
}

/**
 * Static assets, liveness, metrics, the API docs and the identity service (which reads its
 * own session) need no actor; skipping them keeps a page load from reading the session per file.
 */
// Playbook webhooks carry their own credentials (a bearer JWT, basic auth), never a session.
const actorFreePrefixes = [
  '/api/health',
  '/api/metrics',
  '/api/docs',
  '/api/identity/',
  '/api/playbook/webhook/',
];

function needsActor(url: string): boolean {
  return url.startsWith('/api/') && !actorFreePrefixes.some((prefix) => url.startsWith(prefix));
}

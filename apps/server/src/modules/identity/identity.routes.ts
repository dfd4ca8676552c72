import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ApiError, DomainError } from '../../platform/errors.ts';
import { findFlowError, insertFlowError, type FlowKind } from './flows/flow.repository.ts';
import { flattenForm } from './flows/form.ts';
import { browserOf, originOf, wantsJson } from './identity.http.ts';
import { IdentityError, identityErrors } from './identity-errors.ts';
import type { IdentityService } from './identity.service.ts';
import type { Outcome } from './self-service/outcome.ts';
import { sessionCookie } from './sessions/session.service.ts';

const kinds = ['login', 'registration', 'settings', 'recovery', 'verification'] as const;
const text = z.string().max(2048).optional();
const createQuery = z.object({ return_to: text, refresh: text, aal: text });
const flowQuery = z.object({ id: z.string().max(64) });
const submitQuery = z.object({ flow: z.string().max(64), token: text });

/** Ory Kratos's public paths under /api/identity (docs/identity.md). */
export function identityRoutes(service: IdentityService) {
  return async (app: FastifyInstance): Promise<void> => {
    await app.register(
      async (scope) => {
        scope.addContentTypeParser(
          'application/x-www-form-urlencoded',
          { parseAs: 'string' },
          (_request, body, done) => {
            const raw = typeof body === 'string' ? body : body.toString('utf8');
            done(null, Object.fromEntries(new URLSearchParams(raw)));
          },
        );
        scope.setErrorHandler((error, request, reply) => sendError(error, request, reply));

        for (const kind of kinds) {
          scope.get(`/self-service/${kind}/browser`, async (request, reply) => {
            const query = createQuery.parse(request.query);
            const browser = await browserOf(request, reply, service.sessions);
            const flow = await service.create(kind, browser, query);
            if (!wantsJson(request)) return reply.redirect(service.flows.pageUrl(flow), 303);
            return reply.send(await service.render(flow, browser));
          });
          scope.get(`/self-service/${kind}/flows`, async (request, reply) => {
            const { id } = flowQuery.parse(request.query);
            const browser = await browserOf(request, reply, service.sessions);
            const flow = await service.flows.load(kind, id, browser);
            return reply.send(await service.render(flow, browser));
          });
          const formPosts = { config: { acceptsFormPosts: true } };
          scope.post(`/self-service/${kind}`, formPosts, async (request, reply) => {
            const { flow: id } = submitQuery.parse(request.query);
            const browser = await browserOf(request, reply, service.sessions);
            const form = flattenForm(request.body);
            const outcome = await service.submit(kind, id, browser, form);
            return answer(request, reply, outcome, browser);
          });
        }
        for (const kind of ['recovery', 'verification'] as const) {
          scope.get(`/self-service/${kind}`, async (request, reply) => {
            const query = submitQuery.partial().parse(request.query);
            const browser = await browserOf(request, reply, service.sessions);
            if (!query.token) throw identityErrors.badRequest('The link has no token.');
            const outcome = await service.follow(kind, browser, query.flow, query.token);
            return answer(request, reply, outcome, browser);
          });
        }

        scope.get('/self-service/methods/oidc/callback/:provider', async (request, reply) => {
          const { provider } = z.object({ provider: z.string().max(64) }).parse(request.params);
          const query = z.object({ state: z.string().max(512), code: text }).parse(request.query);
          const browser = await browserOf(request, reply, service.sessions);
          const url = `${originOf(request)}${request.url}`;
          const outcome = await service.oidcCallback(browser, provider, query.state, url);
          return answer(request, reply, outcome, browser);
        });
        scope.get('/self-service/logout/browser', async (request, reply) => {
          const browser = await browserOf(request, reply, service.sessions);
          return reply.send(service.logoutFlow(browser));
        });
        scope.get('/self-service/logout', async (request, reply) => {
          const query = z
            .object({ token: z.string().max(256), return_to: text })
            .parse(request.query);
          const browser = await browserOf(request, reply, service.sessions);
          const outcome = await service.logout(browser, query.token, query.return_to);
          return answer(request, reply, outcome, browser);
        });
        scope.get('/self-service/errors', async (request, reply) => {
          const { id } = flowQuery.parse(request.query);
          const stored = await findFlowError(service.db.pool, id);
          if (!stored) throw identityErrors.notFound('The error');
          const at = stored.created_at.toISOString();
          return reply.send({ id: stored.id, error: stored.error, created_at: at, updated_at: at });
        });
        scope.get('/sessions/whoami', async (request, reply) => {
          const browser = await browserOf(request, reply, service.sessions);
          return reply.send(await service.whoami(browser));
        });
      },
      { prefix: '/identity' },
    );
  };

  async function answer(
    request: FastifyRequest,
    reply: FastifyReply,
    outcome: Outcome,
    browser: Awaited<ReturnType<typeof browserOf>>,
  ): Promise<FastifyReply> {
    if (outcome.session) {
      void reply.setCookie(sessionCookie, outcome.session.token, service.sessions.cookieOptions());
    }
    if (outcome.clearSession) void reply.clearCookie(sessionCookie, { path: '/' });
    if (outcome.redirect && (outcome.navigate || !wantsJson(request))) {
      return reply.redirect(outcome.redirect, 303);
    }
    if (outcome.status === 204) return reply.code(204).send();
    const body = outcome.flow ? await service.render(outcome.flow, browser) : outcome.body;
    return reply.code(outcome.status).send(body);
  }

  async function sendError(error: unknown, request: FastifyRequest, reply: FastifyReply) {
    const known =
      error instanceof IdentityError
        ? error
        : error instanceof z.ZodError
          ? identityErrors.badRequest(error.issues[0]?.message ?? 'Bad request')
          : (error instanceof ApiError && error.status === 400) ||
              (error instanceof DomainError && error.code === 'bad_request')
            ? identityErrors.badRequest(error.message)
            : undefined;
    if (!known) throw error;
    if (wantsJson(request)) return reply.code(known.status).send(known.toBody());
    if (known.redirectBrowserTo) return reply.redirect(known.redirectBrowserTo, 303);
    const id = await insertFlowError(service.db.pool, known.toBody().error);
    return reply.redirect(`${originOf(request)}/error?id=${id}`, 303);
  }
}

export type { FlowKind };

import {
  flowErrorSchema,
  identityErrorBodySchema,
  identityFlowSchema,
  identitySessionSchema,
  logoutFlowSchema,
} from '@vigil/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
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

const hostedRefused =
  /^\/api\/identity\/self-service\/(login|registration|settings|recovery|verification|methods)\b/;
const errors = { 400: identityErrorBodySchema, 404: identityErrorBodySchema };
/** A submission answers the flow again (settings, errors) or the new session (sign-in). */
const submitted = z.union([
  identityFlowSchema,
  z.object({ session: identitySessionSchema }).loose(),
]);
const documented = (summary: string, parts: Omit<FastifySchema, 'summary' | 'tags'>) => ({
  schema: { tags: ['identity'], summary, ...parts },
});

/** Ory Kratos's public paths under /api/identity (docs/identity.md). */
export function identityRoutes(service: IdentityService, hosted = false) {
  return async (app: FastifyInstance): Promise<void> => {
    await app.register(
      async (scope) => {
        // Hosted people sign in, sign up and manage their account at the provider.
        if (hosted) {
          scope.addHook('onRequest', async (request) => {
            if (hostedRefused.test(request.url)) {
              throw identityErrors.badRequest(
                "This console signs in through its organisation's identity provider.",
              );
            }
          });
        }
        scope.addContentTypeParser(
          'application/x-www-form-urlencoded',
          { parseAs: 'string' },
          (_request, body, done) => {
            const raw = typeof body === 'string' ? body : body.toString('utf8');
            done(null, Object.fromEntries(new URLSearchParams(raw)));
          },
        );
        scope.setErrorHandler((error, request, reply) => sendError(error, request, reply));
        // Handlers parse their input and answer Kratos-shaped errors themselves; the route
        // schemas document the contract (/api/docs), and identity-contract.test.ts holds the
        // real answers to them.
        scope.setValidatorCompiler(() => (value: unknown) => ({ value }));
        scope.setSerializerCompiler(() => (value) => JSON.stringify(value));

        for (const kind of kinds) {
          const flowAnswer = { 200: identityFlowSchema, ...errors };
          const create = documented(`Start a ${kind} flow (303 to its page, or JSON)`, {
            querystring: createQuery,
            response: flowAnswer,
          });
          scope.get(`/self-service/${kind}/browser`, create, async (request, reply) => {
            const query = createQuery.parse(request.query);
            const browser = await browserOf(request, reply, service.sessions);
            const flow = await service.create(kind, browser, query);
            if (!wantsJson(request)) return reply.redirect(service.flows.pageUrl(flow), 303);
            return reply.send(await service.render(flow, browser));
          });
          const load = documented(`A ${kind} flow`, {
            querystring: flowQuery,
            response: flowAnswer,
          });
          scope.get(`/self-service/${kind}/flows`, load, async (request, reply) => {
            const { id } = flowQuery.parse(request.query);
            const browser = await browserOf(request, reply, service.sessions);
            const flow = await service.flows.load(kind, id, browser);
            return reply.send(await service.render(flow, browser));
          });
          const submit = {
            config: { acceptsFormPosts: true },
            ...documented(`Submit a ${kind} flow (JSON or a form post)`, {
              querystring: submitQuery,
              body: z.record(z.string(), z.unknown()),
              response: { ...flowAnswer, 200: submitted, 422: identityErrorBodySchema },
            }),
          };
          scope.post(`/self-service/${kind}`, submit, async (request, reply) => {
            const { flow: id } = submitQuery.parse(request.query);
            const browser = await browserOf(request, reply, service.sessions);
            const form = flattenForm(request.body);
            const outcome = await service.submit(kind, id, browser, form);
            return answer(request, reply, outcome, browser);
          });
        }
        for (const kind of ['recovery', 'verification'] as const) {
          const follow = documented(`Follow a ${kind} link`, {
            querystring: submitQuery.partial(),
            response: { 200: identityFlowSchema, ...errors },
          });
          scope.get(`/self-service/${kind}`, follow, async (request, reply) => {
            const query = submitQuery.partial().parse(request.query);
            const browser = await browserOf(request, reply, service.sessions);
            if (!query.token) throw identityErrors.badRequest('The link has no token.');
            const outcome = await service.follow(kind, browser, query.flow, query.token);
            return answer(request, reply, outcome, browser);
          });
        }

        const callback = documented('Where an OIDC provider returns the browser', {
          response: errors,
        });
        scope.get(
          '/self-service/methods/oidc/callback/:provider',
          callback,
          async (request, reply) => {
            const { provider } = z.object({ provider: z.string().max(64) }).parse(request.params);
            const query = z.object({ state: z.string().max(512), code: text }).parse(request.query);
            const browser = await browserOf(request, reply, service.sessions);
            const url = `${originOf(request)}${request.url}`;
            const outcome = await service.oidcCallback(browser, provider, query.state, url);
            return answer(request, reply, outcome, browser);
          },
        );
        const logoutFlow = documented('A logout token for the signed-in browser', {
          response: { 200: logoutFlowSchema, 401: identityErrorBodySchema },
        });
        scope.get('/self-service/logout/browser', logoutFlow, async (request, reply) => {
          const browser = await browserOf(request, reply, service.sessions);
          return reply.send(service.logoutFlow(browser));
        });
        const logout = documented('End the session (303 to return_to)', { response: errors });
        scope.get('/self-service/logout', logout, async (request, reply) => {
          const query = z
            .object({ token: z.string().max(256), return_to: text })
            .parse(request.query);
          const browser = await browserOf(request, reply, service.sessions);
          const outcome = await service.logout(browser, query.token, query.return_to);
          return answer(request, reply, outcome, browser);
        });
        const flowError = documented('A stored flow error', {
          querystring: flowQuery,
          response: { 200: flowErrorSchema, ...errors },
        });
        scope.get('/self-service/errors', flowError, async (request, reply) => {
          const { id } = flowQuery.parse(request.query);
          const stored = await findFlowError(service.db.pool, id);
          if (!stored) throw identityErrors.notFound('The error');
          const at = stored.created_at.toISOString();
          return reply.send({ id: stored.id, error: stored.error, created_at: at, updated_at: at });
        });
        const whoami = documented('The session of the calling browser', {
          response: { 200: identitySessionSchema, 401: identityErrorBodySchema },
        });
        scope.get('/sessions/whoami', whoami, async (request, reply) => {
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

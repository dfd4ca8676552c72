import { refusalResponses } from '@vigil/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError, badRequest, unauthenticated } from '../../../platform/errors.ts';
import { findUser } from '../accounts/accounts.repository.ts';
import { isAllowedReturnTo } from '../flows/browser.ts';
import { originOf } from '../identity.http.ts';
import { sessionCookie } from '../sessions/session.service.ts';
import type { HostedService } from './hosted.service.ts';

/** The sealed PKCE verifier, state and nonce between the redirect and the callback. */
export const pendingCookie = 'vigil_hosted_oidc';
const pendingSeconds = 10 * 60;
/** The sealed ID token, kept for the provider's sign-out (`id_token_hint`). */
export const idTokenCookie = 'vigil_hosted_idt';
const signOutSchema = z.object({ redirect_to: z.string() });

const organizationSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(['provisioning', 'ready']),
  backend_url: z.string().nullable(),
});
const membershipSchema = organizationSchema.extend({ roles: z.array(z.string()) });
const organizationsSchema = z.object({
  active: z.string().nullable(),
  organizations: z.array(membershipSchema),
});
const hostedWhoamiSchema = z.object({
  message: z.literal('success'),
  payload: z.object({
    user: z.object({
      id: z.string(),
      name: z.string(),
      email: z.string().nullable(),
      avatar: z.string().nullable(),
    }),
    roles: z.array(z.string()),
    organization: organizationSchema,
  }),
});
const createBody = z.object({ name: z.string().trim().min(1).max(100) });
const switchBody = z.object({ id: z.uuid() });
const loginQuery = z.object({ return_to: z.string().max(2048).optional() });
const callbackQuery = z.object({
  state: z.string().max(512).optional(),
  code: z.string().max(4096).optional(),
  error: z.string().max(256).optional(),
});

/** /api/auth in hosted mode: sign-in through the provider, whoami and organisations (docs/hosted.md). */
export function hostedRoutes(service: HostedService, secureCookies: boolean) {
  const cookie = (maxAge: number) => ({
    path: '/api/auth/hosted',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: secureCookies,
    maxAge,
  });

  async function sessionOf(request: FastifyRequest) {
    const session = await service.session(request.cookies[sessionCookie]);
    if (!session) throw unauthenticated();
    return session;
  }

  return async (app: FastifyInstance): Promise<void> => {
    const typed = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['auth'];

    typed.get(
      '/auth/hosted/login',
      { schema: { tags, summary: 'Start sign-in at the provider (302)', querystring: loginQuery } },
      async (request, reply) => {
        const origin = originOf(request);
        const wanted = request.query.return_to ?? '/';
        const returnTo = isAllowedReturnTo(wanted, origin) ? wanted : '/';
        const { url, sealed } = await service.oidc.start(origin, returnTo);
        void reply.setCookie(pendingCookie, sealed, cookie(pendingSeconds));
        return reply.redirect(url, 302);
      },
    );

    typed.get(
      '/auth/hosted/callback',
      { schema: { tags, summary: 'Where the provider returns the browser (303)' } },
      async (request, reply) => {
        const query = callbackQuery.safeParse(request.query);
        const pending = service.oidc.pending(request.cookies[pendingCookie]);
        void reply.clearCookie(pendingCookie, { path: '/api/auth/hosted' });
        const failed = (reason: string) => reply.redirect(`/login?error=${reason}`, 303);
        if (!query.success || !query.data.state || !query.data.code) return failed('signin_failed');
        if (!pending || pending.state !== query.data.state) return failed('signin_expired');
        try {
          const { claims, idToken } = await service.oidc.complete(
            `${originOf(request)}${request.url}`,
            pending,
          );
          const issued = await service.signIn(claims);
          const sessionCookieOptions = service.cookieOptions();
          void reply.setCookie(sessionCookie, issued.token, sessionCookieOptions);
          if (idToken) {
            const sealed = service.oidc.sealIdToken(idToken);
            void reply.setCookie(idTokenCookie, sealed, cookie(sessionCookieOptions.maxAge));
          }
          return reply.redirect(pending.return_to, 303);
        } catch (error) {
          // The error only: never the code, the tokens or the verifier.
          request.log.warn({ reason: errorName(error) }, 'hosted sign-in failed');
          return failed('signin_failed');
        }
      },
    );

    typed.post(
      '/auth/hosted/logout',
      {
        schema: {
          tags,
          summary: "End the session, and where to send the browser to end the provider's",
          response: { 200: signOutSchema },
        },
      },
      async (request, reply) => {
        const session = await service.session(request.cookies[sessionCookie]);
        if (session) await service.signOut(session);
        const sealed = request.cookies[idTokenCookie];
        void reply.clearCookie(sessionCookie, { path: '/' });
        void reply.clearCookie(idTokenCookie, { path: '/api/auth/hosted' });
        const ended = await service.oidc.endSessionUrl(sealed, `${originOf(request)}/login`);
        return { redirect_to: ended ?? '/login' };
      },
    );

    typed.get(
      '/auth/whoami',
      {
        schema: {
          tags,
          summary: 'The signed-in user, roles and organisation (503 while provisioning)',
          response: { 200: hostedWhoamiSchema },
        },
      },
      async (request) => {
        const session = await sessionOf(request);
        const membership = await service.active(session);
        if (!membership) throw new ApiError(404, 'PGRST116', 'No organization is selected');
        if (membership.status !== 'ready' || !membership.backend_url) {
          throw new ApiError(503, 'provisioning', 'Organization provisioning in progress');
        }
        const user = await findUser(service.db.pool, session.identity_id);
        if (!user) throw unauthenticated();
        const { roles, ...organization } = membership;
        return {
          message: 'success' as const,
          payload: { user: personOf(user), roles, organization },
        };
      },
    );

    typed.get(
      '/auth/organizations',
      {
        schema: {
          tags,
          summary: "The caller's organisations and the active one",
          response: { 200: organizationsSchema },
        },
      },
      async (request) => service.organizations(await sessionOf(request)),
    );

    typed.post(
      '/auth/organizations',
      {
        schema: {
          tags,
          summary: 'Create an organisation and switch to it',
          body: createBody,
          response: { 201: organizationSchema, ...refusalResponses },
        },
        validatorCompiler: () => (data: unknown) => ({ value: data }),
      },
      async (request, reply) => {
        const session = await sessionOf(request);
        const body = createBody.safeParse(request.body);
        if (!body.success)
          throw badRequest(body.error.issues[0]?.message ?? 'Invalid organization');
        return reply.code(201).send(await service.create(session, body.data.name));
      },
    );

    typed.post(
      '/auth/organizations/active',
      {
        schema: {
          tags,
          summary: 'Switch the session to another of the caller’s organisations',
          body: switchBody,
          response: { 200: membershipSchema, ...refusalResponses },
        },
        validatorCompiler: () => (data: unknown) => ({ value: data }),
      },
      async (request) => {
        const session = await sessionOf(request);
        const body = switchBody.safeParse(request.body);
        if (!body.success)
          throw badRequest(body.error.issues[0]?.message ?? 'Invalid organization');
        return service.switchTo(session, body.data.id);
      },
    );
  };
}

function personOf(user: { id: string; name: string; email: string | null; avatar: string | null }) {
  return { id: user.id, name: user.name, email: user.email, avatar: user.avatar };
}

function errorName(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}`.slice(0, 300) : 'unknown';
}

import { refusalResponses } from '@vigil/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, unauthenticated } from '../../platform/errors.ts';
import { authorise, requireSignedIn } from '../../platform/http/authorise.ts';
import { findUser } from './accounts/accounts.repository.ts';
import { countIdentities } from './accounts/identity.repository.ts';
import { invitationResultSchema, invitationSchema, inviteUser } from './accounts/invitations.ts';
import { originOf } from './identity.http.ts';
import type { IdentityService } from './identity.service.ts';

const whoamiSchema = z.object({
  message: z.literal('success'),
  payload: z.object({
    user: z.object({
      id: z.string(),
      name: z.string(),
      email: z.string().nullable(),
      avatar: z.string().nullable(),
    }),
    roles: z.array(z.string()),
  }),
});

const registrationSchema = z.object({
  /** False once the first account exists: accounts then come by invitation only. */
  open: z.boolean(),
});

/** /api/auth: who is signed in, whether sign-up is open, and invitations. */
export function accountRoutes(service: IdentityService, hosted = false) {
  return async (app: FastifyInstance): Promise<void> => {
    const typed = app.withTypeProvider<ZodTypeProvider>();
    // Hosted mode answers whoami with the organisation (hosted/hosted.routes.ts).
    if (!hosted) whoamiRoute(app, service);
    // Public: the sign-in page offers 'Create account' only while sign-up is open.
    typed.get(
      '/auth/registration',
      {
        schema: {
          tags: ['auth'],
          summary: 'Whether sign-up is open (only before the first account exists)',
          response: { 200: registrationSchema },
        },
      },
      // Hosted people sign up at the provider.
      async () => ({ open: !hosted && (await countIdentities(service.db.pool)) === 0 }),
    );
    typed.post(
      '/auth/invite_user',
      {
        schema: {
          tags: ['auth'],
          summary: 'Invite a user (write on identities)',
          body: invitationSchema,
          response: { 200: invitationResultSchema, ...refusalResponses },
        },
        // Parsed after authorising: a caller without write on identities gets 403 whatever it sends.
        validatorCompiler: () => (data: unknown) => ({ value: data }),
      },
      async (request) => {
        authorise(request.actor, 'identities', 'write');
        const parsed = invitationSchema.safeParse(request.body);
        if (!parsed.success)
          throw badRequest(parsed.error.issues[0]?.message ?? 'Invalid invitation');
        return inviteUser(service.db, service.links, originOf(request), parsed.data);
      },
    );
  };
}

function whoamiRoute(app: FastifyInstance, service: IdentityService): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/auth/whoami',
    {
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user and roles',
        response: { 200: whoamiSchema },
      },
    },
    async (request) => {
      const id = requireSignedIn(request.actor);
      const user = await findUser(service.db.pool, id);
      if (!user) throw unauthenticated();
      const { roles, ...rest } = user;
      return { message: 'success' as const, payload: { user: rest, roles } };
    },
  );
}

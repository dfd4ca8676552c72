import { refusalResponses, roleSchema } from '@vigil/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../platform/db.ts';
import { badRequest } from '../../platform/errors.ts';
import { authorise } from '../../platform/http/authorise.ts';
import { updateRoles } from './rbac.service.ts';

const bodySchema = z.object({
  roles: z.array(roleSchema, { error: 'Please select any role' }).min(1, 'Please select any role'),
});
const paramsSchema = z.object({ id: z.uuid({ error: 'Please select any user' }) });

/** /api/rbac/{id}/update_role: sets a person's roles (write on rbac). */
export function rbacRoutes(db: Database) {
  return async (app: FastifyInstance): Promise<void> => {
    app.withTypeProvider<ZodTypeProvider>().post(
      '/rbac/:id/update_role',
      {
        schema: {
          tags: ['rbac'],
          summary: "Replace a person's roles",
          params: paramsSchema,
          body: bodySchema,
          response: {
            200: z.object({ id: z.string(), roles: z.array(roleSchema) }),
            ...refusalResponses,
          },
        },
        // Parsed after authorising: a caller without write on rbac gets 403 whatever it sends.
        validatorCompiler: () => (data: unknown) => ({ value: data }),
      },
      async (request) => {
        authorise(request.actor, 'rbac', 'write');
        const params = paramsSchema.safeParse(request.params);
        if (!params.success) throw badRequest(params.error.issues[0]?.message ?? 'Invalid user');
        const body = bodySchema.safeParse(request.body);
        if (!body.success) throw badRequest(body.error.issues[0]?.message ?? 'Invalid roles');
        const { id } = params.data;
        const { roles } = body.data;
        await updateRoles(db, id, roles);
        return { id, roles };
      },
    );
  };
}

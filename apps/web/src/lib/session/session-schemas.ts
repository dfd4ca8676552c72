import { roleSchema, type Role } from '@vigil/domain';
import { propertyListSchema } from '@vigil/domain';
import { z } from 'zod';

function isRole(value: string): value is Role {
  return roleSchema.safeParse(value).success;
}

/** A role the web does not know grants nothing, so it is dropped instead of failing the app. */
const rolesSchema = z
  .array(z.string())
  .nullish()
  .transform((values) => (values ?? []).filter(isRole));

export const sessionUserSchema = z.object({
  id: z.string(),
  name: z
    .string()
    .nullish()
    .transform((value) => value ?? ''),
  email: z
    .string()
    .nullish()
    .transform((value) => value ?? ''),
  avatar: z
    .string()
    .nullish()
    .transform((value) => value ?? undefined),
});

/** Hosted mode: the organisation the session works in (spec 000 §7 backend_url). */
export const sessionOrganizationSchema = z.object({
  id: z.string(),
  name: z.string(),
  backend_url: z.string().nullish(),
});

export const whoamiSchema = z.object({
  message: z.string().optional(),
  payload: z.object({
    user: sessionUserSchema,
    roles: rolesSchema,
    organization: sessionOrganizationSchema.optional(),
  }),
});

export interface Session {
  user: z.output<typeof sessionUserSchema>;
  roles: readonly Role[];
  organization?: z.output<typeof sessionOrganizationSchema>;
}

export const editionSchema = z.enum(['full', 'health']);
export type Edition = z.infer<typeof editionSchema>;

export const aboutSchema = z.object({
  Version: z.string().nullish(),
  backend: z.string().nullish(),
  edition: editionSchema.catch('full'),
  /** `oidc-org`: hosted mode, sign-in at the provider and organisations (docs/hosted.md). */
  auth: z.enum(['self', 'oidc-org']).catch('self'),
});
export type About = z.infer<typeof aboutSchema>;

export { propertySchema, type Property } from '@vigil/domain';
export const propertiesSchema = propertyListSchema;

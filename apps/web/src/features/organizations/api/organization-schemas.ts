import { z } from 'zod';

export const organizationSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(['provisioning', 'ready']).catch('provisioning'),
  backend_url: z.string().nullish(),
});
export type Organization = z.infer<typeof organizationSchema>;

export const organizationListSchema = z.object({
  active: z.string().nullable(),
  organizations: z.array(organizationSchema),
});
export type OrganizationList = z.infer<typeof organizationListSchema>;

export const organizationNameSchema = z
  .string()
  .trim()
  .min(1, 'This field is required')
  .max(100, 'At most 100 characters');

import { roleSchema, type Role } from '@vigil/domain';

export function isRole(value: string): value is Role {
  return roleSchema.safeParse(value).success;
}

import { z } from 'zod';

export const roles = ['admin', 'editor', 'commander', 'responder', 'viewer'] as const;
export const roleSchema = z.enum(roles);
export type Role = z.infer<typeof roleSchema>;

/** Resource types tracked for permission (spec 000 §6). */
export const permissionObjects = [
  'database',
  'rbac',
  'auth',
  'responder',
  'incident',
  'evidences',
  'comments',
  'canaries',
  'topologies',
  'config_scrapers',
  'identities',
  'connections',
  'kratos',
  'agents',
  'properties',
  'logging_backends',
  'integrations',
  'notifications',
  'playbooks',
  'playbook_runs',
] as const;
export const permissionObjectSchema = z.enum(permissionObjects);
export type PermissionObject = z.infer<typeof permissionObjectSchema>;

export const actions = ['read', 'write'] as const;
export type Action = (typeof actions)[number];

const restricted: ReadonlySet<PermissionObject> = new Set(['rbac', 'identities', 'connections']);
const incidentWork: ReadonlySet<PermissionObject> = new Set([
  'responder',
  'incident',
  'evidences',
  'comments',
]);

type Rule = (object: PermissionObject, action: Action) => boolean;

const rules: Record<Role, Rule> = {
  admin: () => true,
  editor: (object, action) => action === 'read' || !restricted.has(object),
  commander: (object, action) =>
    action === 'read' ? !restricted.has(object) : incidentWork.has(object),
  responder: (object, action) =>
    action === 'read' ? !restricted.has(object) : incidentWork.has(object),
  viewer: (object, action) => action === 'read' && !restricted.has(object),
};

/** A user with no roles is treated as a viewer; any role that grants the action wins. */
export function effectiveRoles(assigned: readonly Role[]): readonly Role[] {
  return assigned.length === 0 ? ['viewer'] : assigned;
}

/** True when the roles allow the action on every one of the objects. */
export function can(
  assigned: readonly Role[],
  objects: readonly PermissionObject[],
  action: Action,
): boolean {
  const granted = effectiveRoles(assigned);
  return objects.every((object) => granted.some((role) => rules[role](object, action)));
}

const checkRunners: ReadonlySet<Role> = new Set(['admin', 'editor', 'responder', 'commander']);

/** Run Now on a check (spec §6): admin, editor, responder or commander. */
export function canRunChecks(assigned: readonly Role[]): boolean {
  return effectiveRoles(assigned).some((role) => checkRunners.has(role));
}

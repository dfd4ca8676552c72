import { effectiveRoles, type Role } from '@vigil/domain';

const runnerRoles: ReadonlySet<Role> = new Set<Role>(['admin', 'editor', 'responder', 'commander']);

/** Run Now is offered only to admin, editor, responder and commander. */
export function canRunChecks(roles: readonly Role[]): boolean {
  return effectiveRoles(roles).some((role) => runnerRoles.has(role));
}

import { can, type Action, type PermissionObject } from '@vigil/domain';
import { forbidden, unauthenticated } from '../errors.ts';
import type { Actor } from './actor.ts';

/** Every route calls this before doing any work: 401 without a session, 403 without the right. */
export function authorise(actor: Actor, object: PermissionObject, action: Action): void {
  if (actor.kind === 'anonymous') throw unauthenticated();
  if (!can(actor.roles, [object], action)) throw forbidden(object, action);
}

/** Only a signed-in caller: for calls about oneself, such as whoami. */
export function requireSignedIn(actor: Actor): string {
  if (actor.kind === 'anonymous' || !actor.id) throw unauthenticated();
  return actor.id;
}

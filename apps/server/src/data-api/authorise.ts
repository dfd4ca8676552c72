import { can, type Action } from '@vigil/domain';
import type { Actor } from '../platform/http/actor.ts';
import type { ExposedRelation } from './exposure.ts';
import { pgrst } from './postgrest-errors.ts';

/** Checks the actor may act on every relation a query touches, before any SQL runs. */
export function authorise(
  actor: Actor,
  relations: readonly ExposedRelation[],
  action: Action,
  name: string,
): void {
  for (const relation of relations) {
    const object = action === 'write' ? relation.writeObject : relation.object;
    authoriseObject(actor, object, action, name);
  }
}

/** Checks one permission object; anonymous callers get 401, others 403. */
export function authoriseObject(
  actor: Actor,
  object: Parameters<typeof can>[1][number],
  action: Action,
  name: string,
): void {
  if (actor.kind === 'anonymous') throw pgrst.unauthenticated(name);
  if (!can(actor.roles, [object], action)) throw pgrst.forbidden(name);
}

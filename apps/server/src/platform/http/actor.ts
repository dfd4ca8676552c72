import type { Role } from '@vigil/domain';
import type { FastifyRequest } from 'fastify';

/** Who is making a request. Every route authorises against this, never against the client. */
export interface Actor {
  readonly kind: 'anonymous' | 'user' | 'agent' | 'system';
  readonly id: string | null;
  readonly roles: readonly Role[];
}

export type Authenticator = (request: FastifyRequest) => Promise<Actor>;

export const anonymousActor: Actor = { kind: 'anonymous', id: null, roles: ['viewer'] };

/** Until the identity service exists, every caller is anonymous: it may read, never write. */
export const anonymousAuthenticator: Authenticator = () => Promise.resolve(anonymousActor);

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor;
  }
}

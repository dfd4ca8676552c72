import type { Role } from '@vigil/domain';
import type { FastifyRequest } from 'fastify';

/** Who is making a request. Every route authorises against this, never against the client. */
export interface Actor {
  readonly kind: 'anonymous' | 'user' | 'agent' | 'system';
  readonly id: string | null;
  readonly roles: readonly Role[];
  /** Hosted mode: the ready organisation whose data the request works on. */
  readonly organization?: string;
}

export type Authenticator = (request: FastifyRequest) => Promise<Actor>;

/** No session: every route except sign-in, health and version answers 401. */
export const anonymousActor: Actor = { kind: 'anonymous', id: null, roles: [] };

/** Every caller is anonymous; for tests of routes that need no one signed in. */
export const anonymousAuthenticator: Authenticator = () => Promise.resolve(anonymousActor);

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor;
  }
}

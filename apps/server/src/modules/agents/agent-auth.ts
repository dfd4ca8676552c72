import type { FastifyRequest } from 'fastify';
import type { Database } from '../../platform/db.ts';
import { DomainError } from '../../platform/errors.ts';
import type { Actor, Authenticator } from '../../platform/http/actor.ts';
import { agentTokenId, agentTokenPrefix, VerifiedTokens } from './agent-tokens.ts';
import { findTokenOwner, touchAgent } from './agents.repository.ts';

/** The agent an /api/agent call authenticated as, with what its pushes are stamped with. */
export interface AgentPrincipal {
  readonly agentId: string;
  readonly personId: string;
  readonly name: string;
  readonly properties: Readonly<Record<string, string>>;
}

export interface AgentAuthOptions {
  /** How long a verified token skips argon2 (its row is still read every request). */
  readonly tokenCacheMs: number;
}

const bearer = /^Bearer\s+(\S*)\s*$/i;

/** Agent tokens open only /api/agent/*: they carry no role, and must not read as a viewer. */
const agentPaths = '/api/agent/';

export const invalidAgentToken = (): DomainError =>
  new DomainError(
    'unauthenticated',
    'The agent access token is unknown or revoked.',
    null,
    'The agent may have been deleted; create a new agent for a new token.',
  );

export const agentTokenRequired = (): DomainError =>
  new DomainError(
    'unauthenticated',
    'This endpoint needs an agent access token.',
    null,
    'Send Authorization: Bearer <token> with the token POST /api/agent/generate answered.',
  );

const agentTokenElsewhere = (): DomainError =>
  new DomainError('forbidden', 'Agent access tokens are accepted only by /api/agent/ endpoints.');

export function createAgentAuth(db: Database, options: AgentAuthOptions) {
  const verified = new VerifiedTokens({ ttlMs: options.tokenCacheMs, maxEntries: 10_000 });
  const principals = new WeakMap<FastifyRequest, AgentPrincipal>();

  async function verify(token: string): Promise<AgentPrincipal> {
    const tokenId = agentTokenId(token);
    if (tokenId === undefined) throw invalidAgentToken();
    const owner = await findTokenOwner(db.pool, tokenId);
    if (!owner || !(await verified.matches(token, owner.value_hash))) throw invalidAgentToken();
    await touchAgent(db.pool, owner.agent_id);
    return {
      agentId: owner.agent_id,
      personId: owner.person_id,
      name: owner.name,
      properties: owner.properties,
    };
  }

  return {
    /**
     * `Authorization: Bearer vga_…` names an agent; anything else goes to `next` (sessions and
     * personal access tokens). Every agent call counts as the agent being seen.
     */
    authenticator(next: Authenticator): Authenticator {
      return async (request) => {
        const token = bearer.exec(request.headers.authorization ?? '')?.[1];
        if (token === undefined || !token.startsWith(agentTokenPrefix)) return next(request);
        if (!request.url.startsWith(agentPaths)) throw agentTokenElsewhere();
        const principal = await verify(token);
        principals.set(request, principal);
        const actor: Actor = { kind: 'agent', id: principal.personId, roles: [] };
        return actor;
      };
    },

    /** The calling agent; 401 when the request was not made with an agent token. */
    principal(request: FastifyRequest): AgentPrincipal {
      const principal = principals.get(request);
      if (!principal) throw agentTokenRequired();
      return principal;
    },
  };
}

export type AgentAuth = ReturnType<typeof createAgentAuth>;

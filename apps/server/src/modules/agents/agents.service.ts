import { agentCreateSchema, agentKubernetesSchema, type AgentCreated } from '@vigil/domain';
import { z } from 'zod';
import { fromDatabaseError } from '../../data-api/postgrest-errors.ts';
import type { Database, Queryable } from '../../platform/db.ts';
import { DomainError, badRequest } from '../../platform/errors.ts';
import type { Actor } from '../../platform/http/actor.ts';
import { authorise } from '../../platform/http/authorise.ts';
import { creatorOf } from '../../platform/creator.ts';
import { syncAllSelectorCopies } from '../health/index.ts';
import { invalidAgentToken, type AgentPrincipal } from './agent-auth.ts';
import { hashAgentToken, newAgentToken } from './agent-tokens.ts';
import { parseInput } from './agents.input.ts';
import {
  agentNameTaken,
  creatorResourceExists,
  insertAgent,
  insertAgentPerson,
  insertAgentToken,
  recordHeartbeat,
} from './agents.repository.ts';

const nameTaken = (name: string): DomainError =>
  new DomainError(
    'conflict',
    `An agent named "${name}" already exists.`,
    null,
    'Agent names are unique among agents that are not deleted; choose another name.',
  );

export const heartbeatSchema = z
  .strictObject({
    hostname: z.string().trim().min(1).max(255).optional(),
    version: z.string().trim().min(1).max(64).optional(),
  })
  .default({});

async function assertCreatorResource(
  db: Queryable,
  input: { created_by_config?: string; created_by_component?: string },
): Promise<void> {
  if (input.created_by_config !== undefined) {
    if (!(await creatorResourceExists(db, 'config_items', input.created_by_config))) {
      throw badRequest('created_by_config: no catalog item has this id');
    }
  }
  if (input.created_by_component !== undefined) {
    if (!(await creatorResourceExists(db, 'components', input.created_by_component))) {
      throw badRequest('created_by_component: no component has this id');
    }
  }
}

/** What an agent is told on each heartbeat: the settings it runs with. */
export const heartbeatAnswerSchema = z.object({
  id: z.string(),
  name: z.string(),
  properties: z.record(z.string(), z.string()),
  kubernetes: agentKubernetesSchema,
});
export type AgentSettings = z.infer<typeof heartbeatAnswerSchema>;

/** Creating agents (users) and heartbeats (agents). Authorise, parse, then one transaction. */
export function createAgentsService(db: Database) {
  return {
    /**
     * Creates the agent, its service identity and its access token together, and answers the
     * token this once: only its argon2 hash is stored.
     */
    async generate(actor: Actor, body: unknown): Promise<AgentCreated> {
      authorise(actor, 'agents', 'write');
      const input = parseInput(agentCreateSchema, body);
      const token = newAgentToken();
      // Hashed before the transaction opens: argon2 takes ~80 ms and holds no lock.
      const valueHash = await hashAgentToken(token.value);
      const username = `agent-${input.name}`;
      try {
        return await db.transaction(async (client) => {
          if (await agentNameTaken(client, input.name)) throw nameTaken(input.name);
          await assertCreatorResource(client, input);
          const createdBy = await creatorOf(client, actor);
          const personId = await insertAgentPerson(client, username);
          const id = await insertAgent(client, {
            name: input.name,
            description: input.description ?? null,
            properties: input.properties,
            kubernetes: input.kubernetes,
            personId,
            createdBy,
            createdByConfig: input.created_by_config ?? null,
            createdByComponent: input.created_by_component ?? null,
          });
          await insertAgentToken(client, {
            id: token.id,
            name: username,
            valueHash,
            personId,
            createdBy,
          });
          // Canaries whose agentSelector picks the new agent get their copies for it now.
          await syncAllSelectorCopies(client);
          return { id, username, access_token: token.value };
        });
      } catch (error) {
        const mapped = fromDatabaseError(error);
        // Two creations racing past the name check meet the unique index instead.
        throw mapped.code === '23505' ? nameTaken(input.name) : mapped;
      }
    },

    async heartbeat(agent: AgentPrincipal, body: unknown): Promise<AgentSettings> {
      const report = parseInput(heartbeatSchema, body ?? {});
      const row = await recordHeartbeat(db.pool, agent.agentId, {
        hostname: report.hostname ?? null,
        version: report.version ?? null,
      });
      if (!row) throw invalidAgentToken();
      const kubernetes = agentKubernetesSchema.safeParse(row.kubernetes);
      return {
        id: row.id,
        name: row.name,
        properties: row.properties,
        kubernetes: kubernetes.success
          ? kubernetes.data
          : { enabled: false, interval: '30m', exclusions: [] },
      };
    },
  };
}

export type AgentsService = ReturnType<typeof createAgentsService>;

import { agentPatchSchema } from '@vigil/domain';
import { z } from 'zod';
import { defineWriteHook } from '../../data-api/write-hooks.ts';
import { DomainError, badRequest } from '../../platform/errors.ts';
import { syncAllSelectorCopies } from '../health/index.ts';
import { parseInput } from './agents.input.ts';
import { cleanUpAgentData, revokeAgent } from './agents.repository.ts';

const writtenAgent = z.object({
  id: z.string(),
  person_id: z.string().nullable(),
  cleanup: z.boolean(),
  deleted_at: z.string().nullable(),
});

const notHere = (message: string, hint: string): DomainError =>
  new DomainError('method_not_allowed', message, null, hint);

/**
 * Writes of agents through the data API (DESIGN §3). Only edits and soft deletes: creation
 * must also issue a token (POST /api/agent/generate), and rows made by the agent keep their
 * agent_id, so an agent row is never removed outright. The name, the local agent and
 * restoring are guarded by the agents_guard trigger, whatever the filter.
 */
export const agentsWriteHook = defineWriteHook({
  schema: writtenAgent,
  beforeInsert() {
    throw notHere(
      'Agents are created with POST /api/agent/generate, which also issues their access token.',
      'POST /api/agent/generate {name, description, properties, kubernetes}',
    );
  },
  beforeDelete() {
    throw notHere(
      'Agents are soft-deleted, not removed.',
      'PATCH /api/db/agents?id=eq.{id} with {"deleted_at": "<now>", "cleanup": true|false}',
    );
  },
  beforeUpdate(_ctx, row) {
    const patch = parseInput(agentPatchSchema, row);
    if (patch.cleanup !== undefined && patch.deleted_at === undefined) {
      throw badRequest('cleanup is sent only with deleted_at, when the agent is deleted');
    }
    // Parsed values fill the kubernetes defaults and trim the name and label keys.
    return Promise.resolve({ ...row, ...patch });
  },
  async afterWrite(ctx, agents) {
    let deleted = false;
    for (const agent of agents) {
      if (agent.deleted_at === null) continue;
      deleted = true;
      await revokeAgent(ctx.client, agent.person_id);
      if (agent.cleanup) await cleanUpAgentData(ctx.client, agent.id);
    }
    // A deleted agent no longer runs the copies that canaries' agentSelectors gave it.
    if (deleted) await syncAllSelectorCopies(ctx.client);
  },
});

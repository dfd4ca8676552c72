import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import type { Database } from '../../platform/db.ts';
import type { AgentPrincipal } from './agent-auth.ts';
import { parseInput } from './agents.input.ts';
import {
  assignedVersion,
  listAssigned,
  type AssignedCanaries,
} from './assigned-canaries.repository.ts';

/** The longest an agent's request is held open; proxies commonly cut idle requests at 60 s. */
export const maxWaitSeconds = 30;

export const pollQuery = z.strictObject({
  since: z.string().max(64).optional(),
  timeout: z.coerce
    .number({ error: 'timeout must be a number of seconds' })
    .int('timeout must be a whole number of seconds')
    .min(0, 'timeout must be at least 0')
    .max(maxWaitSeconds, `timeout must be at most ${maxWaitSeconds} seconds`)
    .default(25),
});

export interface AssignedCanariesOptions {
  /** How often a held request looks for a change (replicas share only the database). */
  readonly pollMs: number;
}

/**
 * GET /api/agent/canaries. Without `since`, or when the agent's version is out of date, the
 * answer is immediate; otherwise the request waits up to `timeout` seconds for a change and
 * answers undefined (304) when there is none.
 */
export function createAssignedCanariesService(db: Database, options: AssignedCanariesOptions) {
  return {
    async poll(
      agent: AgentPrincipal,
      query: unknown,
      signal: AbortSignal,
    ): Promise<AssignedCanaries | undefined> {
      const { since, timeout } = parseInput(pollQuery, query);
      const deadline = Date.now() + timeout * 1000;
      for (;;) {
        const version = await assignedVersion(db.pool, agent.agentId, agent.personId);
        if (version !== since) return listAssigned(db.pool, agent.agentId, agent.personId);
        const left = deadline - Date.now();
        if (left <= 0 || signal.aborted) return undefined;
        await sleep(Math.min(options.pollMs, left), undefined, { signal }).catch(() => undefined);
      }
    },
  };
}

export type AssignedCanariesService = ReturnType<typeof createAssignedCanariesService>;

import { lapsedAgentActions, lockLapsedAction } from './agent-actions.repository.ts';
import { lockRun } from './engine.repository.ts';
import { recordOutcome } from './executor.ts';
import type { PrepareDeps } from './prepare.ts';
import { runData } from './run-data.ts';

/**
 * An agent that stops reporting on an action (it died, or lost the upstream) lets its lease
 * lapse: the attempt counts as failed, so the action's retry policy decides whether it runs
 * again (on the same agent) or fails. The run is locked before the action, as everywhere.
 */
export async function expireAgentLeases(deps: PrepareDeps, limit: number): Promise<number> {
  let expired = 0;
  for (const lapsed of await lapsedAgentActions(deps.db.pool, limit)) {
    const done = await deps.db.transaction(async (client) => {
      const run = await lockRun(client, lapsed.runId);
      const held = run ? await lockLapsedAction(client, lapsed.id) : undefined;
      if (!run || !held) return false;
      const data = await runData(client, run, deps.values, deps.sealer);
      const outcome = {
        ok: false,
        result: held.action.result ?? {},
        error: `agent ${held.agent} stopped reporting on the action (its lease expired)`,
        timedOut: false,
      };
      await recordOutcome(client, held.action, outcome, data.variables, false);
      return true;
    });
    if (done) expired++;
  }
  return expired;
}

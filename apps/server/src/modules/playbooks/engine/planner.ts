import type { PlaybookAction } from '@vigil/domain';
import type { Queryable } from '../../../platform/db.ts';
import type { RunContext } from '../../health/index.ts';
import { z } from 'zod';
import { eligibleAgents, kindOf, noAgentMessage } from '../spec/playbook-spec.ts';
import { firstAgent } from './agent-actions.repository.ts';
import { runContextOf, delayOf, shouldRun } from './conditions.ts';
import { actionsOf, insertAction, setRunStatus, type EngineRun } from './engine.repository.ts';
import { renderBody, runFunctions } from './render.ts';

const names = z.array(z.string()).catch([]);

/** The agent an action runs on: the first live one of its eligible list (rendered templates). */
async function placement(
  client: Queryable,
  run: EngineRun,
  action: PlaybookAction,
  context: RunContext,
  variables: Record<string, unknown>,
): Promise<string> {
  const functions = runFunctions(context);
  const render = (list: unknown) => names.parse(renderBody(list, variables, functions));
  const eligible = eligibleAgents(render(action.runsOn ?? []), render(run.spec.runsOn ?? []));
  const agent = await firstAgent(client, eligible);
  if (!agent) throw new Error(noAgentMessage(eligible));
  return agent.id;
}

/**
 * Decides a run's next step, in the transaction that holds the run: skips the actions whose
 * `if` is false, queues the next one (sleeping while it has a delay), or finishes the run.
 */
export async function planNext(
  client: Queryable,
  run: EngineRun,
  variables: Record<string, unknown>,
): Promise<void> {
  const actions = await actionsOf(client, run.id);
  for (let position = actions.length; position < run.spec.actions.length; position++) {
    const action = run.spec.actions[position];
    if (!action) break;
    const context = runContextOf(await actionsOf(client, run.id));
    const base = { runId: run.id, name: action.name, type: kindOf(action), position };
    let run_it: boolean;
    let delayMs = 0;
    let agentId: string | undefined;
    try {
      run_it = shouldRun(action, context, variables);
      if (run_it) delayMs = delayOf(action, variables);
      if (run_it) agentId = await placement(client, run, action, context, variables);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await insertAction(client, { ...base, status: 'failed', delayMs: 0, error: message });
      await client.query(
        `update playbook_run_actions set end_time = now() where playbook_run_id = $1 and position = $2`,
        [run.id, position],
      );
      continue;
    }
    if (!run_it) {
      await insertAction(client, { ...base, status: 'skipped', delayMs: 0 });
      continue;
    }
    const status = delayMs > 0 ? 'sleeping' : 'pending';
    await insertAction(client, { ...base, status, delayMs, ...(agentId ? { agentId } : {}) });
    await setRunStatus(client, run.id, delayMs > 0 ? 'sleeping' : 'running');
    return;
  }
  const finished = runContextOf(await actionsOf(client, run.id));
  const failed = !finished.succeeded;
  await setRunStatus(
    client,
    run.id,
    failed ? 'failed' : 'completed',
    failed ? 'one or more actions failed' : null,
  );
}

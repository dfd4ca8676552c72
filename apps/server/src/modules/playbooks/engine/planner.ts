import type { Queryable } from '../../../platform/db.ts';
import { kindOf } from '../spec/playbook-spec.ts';
import { runContextOf, delayOf, shouldRun } from './conditions.ts';
import { actionsOf, insertAction, setRunStatus, type EngineRun } from './engine.repository.ts';

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
    try {
      run_it = shouldRun(action, context, variables);
      if (run_it) delayMs = delayOf(action, variables);
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
    await insertAction(client, { ...base, status: delayMs > 0 ? 'sleeping' : 'pending', delayMs });
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

import type { Logger } from 'pino';
import { z } from 'zod';
import type { Sealer } from '../../../platform/crypto.ts';
import type { Database } from '../../../platform/db.ts';
import type { ValueResolver } from '../../../platform/values/values.ts';
import { parseDuration } from '../../../platform/durations.ts';
import type { ConnectionResolver } from '../../connections/index.ts';
import type { NotificationSender } from '../../notifications/index.ts';
import { ActionFailed, mask } from '../actions/action-type.ts';
import { actionTypes } from '../actions/registry.ts';
import { kindOf, remoteOnly, runsOnMessage } from '../spec/playbook-spec.ts';
import { retryDelay, runContextOf } from './conditions.ts';
import {
  actionsOf,
  finishAction,
  lockRun,
  retryAction,
  type ActionRow,
} from './engine.repository.ts';
import { liveLog } from './live-log.ts';
import { planNext } from './planner.ts';
import { renderBody, runFunctions } from './render.ts';
import { runData } from './run-data.ts';

export interface ExecutorDeps {
  readonly db: Database;
  readonly log: Logger;
  readonly connections: ConnectionResolver;
  readonly notify: NotificationSender;
  readonly values: ValueResolver;
  /** Opens the run's secret parameters. */
  readonly sealer: Sealer;
  readonly defaultActionTimeoutMs: number;
}

interface Outcome {
  readonly ok: boolean;
  readonly result: unknown;
  readonly error: string | null;
  readonly timedOut: boolean;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Runs one claimed action and records what happened. `stop` aborts it (cancel, run timeout,
 * shutdown); when `abandon` says so the outcome is not recorded, and the lease lets another
 * process take the action again.
 */
export async function executeAction(
  deps: ExecutorDeps,
  claimed: ActionRow,
  stop: AbortSignal,
  abandon: () => boolean,
): Promise<void> {
  const run = await lockRun(deps.db.pool, claimed.runId);
  const action = run?.spec.actions[claimed.position];
  if (!run || !action) return;
  await deps.db.pool.query(
    `update playbook_runs set status = 'running' where id = $1 and status in ('sleeping', 'waiting')`,
    [run.id],
  );
  const data = await runData(deps.db.pool, run, deps.values, deps.sealer);
  const timeoutMs = action.timeout
    ? (parseDuration(action.timeout) ?? 0)
    : deps.defaultActionTimeoutMs;
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = AbortSignal.any([stop, timeout]);
  let outcome: Outcome;
  const live = liveLog(deps.db.pool, claimed.id, data.secrets);
  try {
    const kind = kindOf(action);
    const type = kind ? actionTypes.get(kind) : undefined;
    if (!kind || !type)
      throw new ActionFailed(`action kind ${kind ?? '(none)'} is not supported yet`);
    const functions = runFunctions(runContextOf(await actionsOf(deps.db.pool, run.id)));
    // runsOn may be a template (upstream renders it); agents only are refused, never ignored.
    const names = z.array(z.string()).catch([]);
    const render = (list: unknown) => names.parse(renderBody(list, data.variables, functions));
    const agents = remoteOnly(render(action.runsOn ?? []), render(run.spec.runsOn ?? []));
    if (agents) throw new ActionFailed(runsOnMessage(agents));
    const body = renderBody(action[kind], data.variables, functions, type.verbatim);
    const config = type.schema.parse(body);
    const result = await type.run(config, {
      signal,
      log: deps.log,
      connections: deps.connections,
      notify: deps.notify,
      connectionsApproved: false,
      secrets: data.secrets,
      render: (text) => String(renderBody(text, data.variables, functions)),
      runId: run.id,
      playbookId: run.playbookId,
      namespace: run.playbookNamespace,
      values: deps.values,
      output: (text) => live.write(text),
    });
    outcome = { ok: true, result, error: null, timedOut: false };
  } catch (error) {
    const result = error instanceof ActionFailed ? error.result : {};
    const reason = timeout.aborted
      ? `action timed out after ${action.timeout ?? `${timeoutMs}ms`}`
      : stop.aborted
        ? 'the run was stopped'
        : mask(messageOf(error), data.secrets);
    outcome = { ok: false, result, error: reason, timedOut: timeout.aborted };
  }
  await live.close();
  if (abandon()) return;
  await record(deps, claimed, outcome, data.variables, stop.aborted && !timeout.aborted);
}

/** Records an outcome and plans the run's next step, in one transaction that holds the run. */
async function record(
  deps: ExecutorDeps,
  claimed: ActionRow,
  outcome: Outcome,
  variables: Record<string, unknown>,
  stopped: boolean,
): Promise<void> {
  await deps.db.transaction(async (client) => {
    const run = await lockRun(client, claimed.runId);
    if (!run) return;
    const action = run.spec.actions[claimed.position];
    const active = ['running', 'sleeping', 'waiting'].includes(run.status);
    const retry = action?.retry;
    if (!outcome.ok && active && !stopped && retry && claimed.retryCount < retry.limit) {
      const delay = retryDelay(retry, claimed.retryCount);
      await retryAction(client, claimed.id, delay, outcome.error ?? 'failed', outcome.result);
      await client.query(`update playbook_runs set status = 'waiting' where id = $1`, [run.id]);
      return;
    }
    const status = outcome.ok
      ? 'completed'
      : stopped || !active
        ? 'cancelled'
        : outcome.timedOut
          ? 'timed_out'
          : 'failed';
    await finishAction(client, claimed.id, {
      status,
      result: outcome.result,
      error: outcome.error,
    });
    if (active) await planNext(client, run, variables);
  });
}

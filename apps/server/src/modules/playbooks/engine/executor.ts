import type { Logger } from 'pino';
import type { Sealer } from '../../../platform/crypto.ts';
import type { Database, Queryable } from '../../../platform/db.ts';
import type { ValueResolver } from '../../../platform/values/values.ts';
import type { ConnectionResolver } from '../../connections/index.ts';
import type { NotificationSender } from '../../notifications/index.ts';
import { ActionFailed, mask } from '../actions/action-type.ts';
import { retryDelay } from './conditions.ts';
import { finishAction, lockRun, retryAction, type ActionRow } from './engine.repository.ts';
import { liveLog } from './live-log.ts';
import { planNext } from './planner.ts';
import { prepareAction } from './prepare.ts';
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

/** How one attempt at an action ended, wherever it ran. */
export interface Outcome {
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
  let timeoutMs = deps.defaultActionTimeoutMs;
  const timeouts = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const signal = AbortSignal.any([stop, timeouts.signal]);
  let outcome: Outcome;
  const live = liveLog(deps.db.pool, claimed.id, data.secrets);
  try {
    const prepared = await prepareAction(deps, run, action, data);
    timeoutMs = prepared.timeoutMs;
    timer = setTimeout(() => timeouts.abort(), timeoutMs);
    const result = await prepared.type.run(prepared.config, {
      signal,
      log: deps.log,
      connections: deps.connections,
      notify: deps.notify,
      connectionsApproved: false,
      secrets: data.secrets,
      render: prepared.render,
      runId: run.id,
      playbookId: run.playbookId,
      namespace: run.playbookNamespace,
      values: deps.values,
      output: (text) => live.write(text),
    });
    outcome = { ok: true, result, error: null, timedOut: false };
  } catch (error) {
    const result = error instanceof ActionFailed ? error.result : {};
    const reason = timeouts.signal.aborted
      ? `action timed out after ${action.timeout ?? `${timeoutMs}ms`}`
      : stop.aborted
        ? 'the run was stopped'
        : mask(messageOf(error), data.secrets);
    outcome = { ok: false, result, error: reason, timedOut: timeouts.signal.aborted };
  }
  clearTimeout(timer);
  await live.close();
  if (abandon()) return;
  const stopped = stop.aborted && !timeouts.signal.aborted;
  await deps.db.transaction((client) =>
    recordOutcome(client, claimed, outcome, data.variables, stopped),
  );
}

/**
 * Records an outcome (a retry when the policy has one left) and plans the run's next step; the
 * caller's transaction holds the run from here on.
 */
export async function recordOutcome(
  client: Queryable,
  claimed: ActionRow,
  outcome: Outcome,
  variables: Record<string, unknown>,
  stopped: boolean,
): Promise<void> {
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
}

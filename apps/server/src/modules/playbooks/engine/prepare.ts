import type { PlaybookAction, PlaybookActionKind } from '@vigil/domain';
import { parseDuration } from '../../../platform/durations.ts';
import { ActionFailed } from '../actions/action-type.ts';
import { actionTypes, type AnyActionType } from '../actions/registry.ts';
import { kindOf } from '../spec/playbook-spec.ts';
import { runContextOf } from './conditions.ts';
import { actionsOf, type EngineRun } from './engine.repository.ts';
import type { Database } from '../../../platform/db.ts';
import type { ValueResolver } from '../../../platform/values/values.ts';
import type { Sealer } from '../../../platform/crypto.ts';
import { renderBody, runFunctions } from './render.ts';
import { runData, type RunData } from './run-data.ts';

export interface PrepareDeps {
  readonly db: Database;
  readonly values: ValueResolver;
  readonly sealer: Sealer;
  readonly defaultActionTimeoutMs: number;
}

/** An action ready to run here or on an agent: its templates rendered, its body parsed. */
export interface PreparedAction {
  readonly kind: PlaybookActionKind;
  readonly type: AnyActionType;
  /** The rendered body, before the type's schema (what an agent is sent). */
  readonly body: unknown;
  readonly config: unknown;
  readonly timeoutMs: number;
  readonly data: RunData;
  /** Renders a template over the run's data (fields an action renders itself). */
  readonly render: (text: string) => string;
}

/**
 * Renders an action over its run's data (params, resource, env, earlier actions); throws
 * ActionFailed when the kind has no runner or the rendered body is not valid.
 */
export async function prepareAction(
  deps: PrepareDeps,
  run: EngineRun,
  action: PlaybookAction,
  data?: RunData,
): Promise<PreparedAction> {
  const opened = data ?? (await runData(deps.db.pool, run, deps.values, deps.sealer));
  const kind = kindOf(action);
  const type = kind ? actionTypes.get(kind) : undefined;
  if (!kind || !type)
    throw new ActionFailed(`action kind ${kind ?? '(none)'} is not supported yet`);
  const functions = runFunctions(runContextOf(await actionsOf(deps.db.pool, run.id)));
  const body = renderBody(action[kind], opened.variables, functions, type.verbatim);
  return {
    kind,
    type,
    body,
    config: type.schema.parse(body),
    timeoutMs: action.timeout ? (parseDuration(action.timeout) ?? 0) : deps.defaultActionTimeoutMs,
    data: opened,
    render: (text) => String(renderBody(text, opened.variables, functions)),
  };
}

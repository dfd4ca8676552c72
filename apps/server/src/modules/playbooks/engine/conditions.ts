import type { PlaybookAction } from '@vigil/domain';
import { parseDuration } from '../../../platform/durations.ts';
import {
  evaluateCel,
  withLastResult,
  withRunContext,
  type RunContext,
} from '../../health/index.ts';
import type { ActionRow } from './engine.repository.ts';

const celLimitMs = 500;

const finishedStates = new Set(['completed', 'failed', 'skipped', 'cancelled', 'timed_out']);

/** What `if`, `getAction` and `getLastAction` see of the actions before this one. */
export function runContextOf(actions: readonly ActionRow[]): RunContext {
  const done = actions.filter((action) => finishedStates.has(action.status));
  const view = (action: ActionRow) => ({
    name: action.name,
    status: action.status,
    result: action.result ?? {},
    error: action.error ?? '',
  });
  const ran = done.filter((action) => action.status !== 'skipped');
  const last = ran.at(-1);
  return {
    succeeded: !done.some((action) => action.status === 'failed' || action.status === 'timed_out'),
    stopped: done.some((action) => action.status === 'cancelled'),
    actions: new Map(done.map((action) => [action.name, view(action)])),
    lastAction: last ? view(last) : undefined,
  };
}

/**
 * Whether an action runs. Without `if` it runs only while every earlier action succeeded
 * (Mission Control's `success()`); an expression decides otherwise.
 */
export function shouldRun(
  action: PlaybookAction,
  context: RunContext,
  variables: Record<string, unknown>,
): boolean {
  const source = action.if?.trim();
  if (!source) return context.succeeded && !context.stopped;
  const lastResult = context.lastAction?.result ?? {};
  const value = withRunContext(context, () =>
    withLastResult(lastResult, () => evaluateCel(source, variables, celLimitMs)),
  );
  return value === true || value === 'true';
}

/** The delay before an action, in ms: a duration, or a CEL expression that gives one. */
export function delayOf(action: PlaybookAction, variables: Record<string, unknown>): number {
  const text = action.delay?.trim();
  if (!text) return 0;
  const direct = parseDuration(text);
  if (direct !== undefined) return direct;
  const value = evaluateCel(text, variables, celLimitMs);
  const given = String(value).trim();
  if (given === '' || /^0+$/.test(given)) return 0;
  const ms = parseDuration(given);
  if (ms === undefined) throw new Error(`delay: ${given} is not a duration`);
  return ms;
}

/** Exponential backoff with ±jitter percent, as Mission Control's retry computes it. */
export function retryDelay(
  retry: NonNullable<PlaybookAction['retry']>,
  attempt: number,
  random: () => number = Math.random,
): number {
  const base = parseDuration(retry.duration) ?? 0;
  const multiplier = retry.exponent?.multiplier ?? 1;
  const wait = base * multiplier ** attempt;
  const jitter = 1 + (random() * 2 - 1) * ((retry.jitter ?? 0) / 100);
  return Math.max(0, Math.round(wait * jitter));
}

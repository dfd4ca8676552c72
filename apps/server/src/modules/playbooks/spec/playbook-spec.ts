import {
  playbookActionKinds,
  playbookSpecSchema,
  type PlaybookAction,
  type PlaybookActionKind,
  type PlaybookSpec,
} from '@vigil/domain';
import { parseDuration } from '../../../platform/durations.ts';
import { compileCel, parseSchedule } from '../../health/index.ts';
import { actionTypes } from '../actions/registry.ts';
import { parameterKinds } from '../params/registry.ts';

export type ParsedPlaybook =
  | { readonly ok: true; readonly spec: PlaybookSpec }
  | { readonly ok: false; readonly field: string; readonly message: string };

const refuse = (field: string, message: string): ParsedPlaybook => ({ ok: false, field, message });

function fieldOf(path: ReadonlyArray<PropertyKey>): string {
  return path.reduce<string>(
    (out, key) => (typeof key === 'number' ? `${out}[${key}]` : `${out}.${String(key)}`),
    'spec',
  );
}

/** The one action kind an action sets (Mission Control allows exactly one). */
export function kindOf(action: PlaybookAction): PlaybookActionKind | undefined {
  return playbookActionKinds.find((kind) => action[kind] !== undefined);
}

/**
 * Validates a playbook spec as written (data API, kubectl, `vigil apply`); a refusal names
 * the field. Expressions compile now, so that a run never fails on a typo.
 */
export function parsePlaybookSpec(value: unknown): ParsedPlaybook {
  const parsed = playbookSpecSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return refuse(fieldOf(issue?.path ?? []), issue?.message ?? 'is not valid');
  }
  const spec = parsed.data;
  const names = new Set<string>();
  for (const [index, action] of spec.actions.entries()) {
    const field = `spec.actions[${index}]`;
    const set = playbookActionKinds.filter((kind) => action[kind] !== undefined);
    if (set.length !== 1) {
      return refuse(field, `must set exactly one action kind (${playbookActionKinds.join(', ')})`);
    }
    const name = action.name.trim();
    if (names.has(name)) return refuse(`${field}.name`, `${name} is repeated`);
    names.add(name);
    const kind = set[0];
    const type = kind ? actionTypes.get(kind) : undefined;
    if (kind && type) {
      const body = type.schema.safeParse(action[kind]);
      if (!body.success) {
        const issue = body.error.issues[0];
        // An unknown field is named in the path itself (`….pod.bogus`), as other refusals are.
        const unknown = issue?.code === 'unrecognized_keys' ? issue.keys.slice(0, 1) : [];
        const inner = [...(issue?.path ?? []), ...unknown].map(String).join('.');
        return refuse(`${field}.${kind}${inner ? `.${inner}` : ''}`, issue?.message ?? 'invalid');
      }
    }
    const problem = timingProblem(action);
    if (problem) return refuse(`${field}.${problem.key}`, problem.message);
  }
  if (spec.timeout !== undefined && parseDuration(spec.timeout) === undefined) {
    return refuse('spec.timeout', 'must be a duration such as 30m or 1h');
  }
  for (const [index, parameter] of (spec.parameters ?? []).entries()) {
    const kind = parameterKinds.get(parameter.type ?? 'text');
    const message = kind?.checkSpec?.(parameter);
    if (message) return refuse(`spec.parameters[${index}]`, message);
  }
  const schedules = spec.on?.schedule ?? [];
  for (const [index, entry] of schedules.entries()) {
    try {
      parseSchedule(entry.schedule);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return refuse(`spec.on.schedule[${index}].schedule`, message);
    }
  }
  const approvers = spec.approval?.approvers;
  if (schedules.length > 0 && (approvers?.people?.length || approvers?.teams?.length)) {
    return refuse('spec.approval', 'scheduled playbooks cannot require approval');
  }
  for (const [group, events] of Object.entries(eventsOf(spec))) {
    for (const [index, event] of events.entries()) {
      if (!event.filter) continue;
      const error = celError(event.filter);
      if (error) return refuse(`spec.on.${group}[${index}].filter`, error);
    }
  }
  return { ok: true, spec };
}

/** Upstream's name for the server itself: its row in `agents` is the all-zero id. */
export const localAgent = 'local';

/**
 * The agents eligible to run an action, in the order written (upstream: the action's runsOn,
 * else the spec's, else the server itself); the first that exists runs it.
 */
export function eligibleAgents(
  actionRunsOn: readonly string[],
  specRunsOn: readonly string[],
): string[] {
  const clean = (list: readonly string[]) =>
    list.map((agent) => agent.trim()).filter((agent) => agent !== '');
  const action = clean(actionRunsOn);
  if (action.length > 0) return action;
  const spec = clean(specRunsOn);
  return spec.length > 0 ? spec : [localAgent];
}

/** Upstream's refusal when none of an action's eligible agents exists. */
export function noAgentMessage(agents: readonly string[]): string {
  return `failed to find any agent (${agents.join(',')})`;
}

function eventsOf(spec: PlaybookSpec) {
  return {
    canary: spec.on?.canary ?? [],
    config: spec.on?.config ?? [],
    component: spec.on?.component ?? [],
  };
}

function celError(source: string): string | undefined {
  try {
    compileCel(source);
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** `delay` is a duration or a CEL expression giving one; `timeout` a duration; `if` CEL. */
function timingProblem(action: PlaybookAction): { key: string; message: string } | undefined {
  if (action.if !== undefined && action.if.trim() !== '' && !action.if.includes('{{')) {
    const error = celError(action.if);
    if (error) return { key: 'if', message: error };
  }
  if (action.delay !== undefined && parseDuration(action.delay) === undefined) {
    const error = celError(action.delay);
    if (error) return { key: 'delay', message: `must be a duration or an expression: ${error}` };
  }
  if (action.timeout !== undefined && parseDuration(action.timeout) === undefined) {
    return { key: 'timeout', message: 'must be a duration such as 30s or 5m' };
  }
  if (action.retry && parseDuration(action.retry.duration) === undefined) {
    return { key: 'retry.duration', message: 'must be a duration such as 10s' };
  }
  return undefined;
}

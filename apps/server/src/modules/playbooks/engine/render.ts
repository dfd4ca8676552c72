import { renderBoth } from '../params/params.service.ts';
import type { RunContext } from '../../health/index.ts';

export type TemplateFunctions = ReadonlyMap<string, (...args: unknown[]) => unknown>;

/** Mission Control's template functions over earlier actions: getAction, getLastAction … */
export function runFunctions(context: RunContext): TemplateFunctions {
  const last = () => context.lastAction ?? {};
  return new Map<string, (...args: unknown[]) => unknown>([
    ['getLastAction', last],
    ['getAction', (name) => (typeof name === 'string' ? (context.actions.get(name) ?? {}) : {})],
    ['last_result', () => context.lastAction?.result ?? {}],
  ]);
}

/** Renders every string in an action's body, except the keys the action renders itself. */
export function renderBody(
  value: unknown,
  data: unknown,
  functions: TemplateFunctions,
  verbatim: readonly string[] = [],
  depth = 0,
): unknown {
  if (typeof value === 'string') return renderBoth(value, data, functions);
  if (Array.isArray(value)) {
    return value.map((item) => renderBody(item, data, functions, [], depth + 1));
  }
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [
        key,
        depth === 0 && verbatim.includes(key)
          ? item
          : renderBody(item, data, functions, [], depth + 1),
      ]),
    );
  }
  return value;
}

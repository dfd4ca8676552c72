import { defineCelFunctions, fn } from './function-family.ts';

/** What a playbook action's `if` sees of its run: the state so far and earlier actions. */
export interface RunContext {
  /** No earlier action failed. */
  readonly succeeded: boolean;
  /** The run was cancelled or timed out before this action. */
  readonly stopped: boolean;
  readonly actions: ReadonlyMap<string, Readonly<Record<string, unknown>>>;
  readonly lastAction: Readonly<Record<string, unknown>> | undefined;
}

const noRun: RunContext = {
  succeeded: true,
  stopped: false,
  actions: new Map(),
  lastAction: undefined,
};
let current: RunContext = noRun;

/** Runs `evaluate` with the run functions answering from `context` (evaluation is synchronous). */
export function withRunContext<T>(context: RunContext, evaluate: () => T): T {
  current = context;
  try {
    return evaluate();
  } finally {
    current = noRun;
  }
}

const emptyAction = Object.freeze({});

/** Mission Control's action conditions: success(), failure(), always(), getAction(name) … */
export const runContextFunctions = defineCelFunctions({
  family: 'playbook run',
  namespaces: [],
  functions: [
    fn('success(): bool', () => current.succeeded && !current.stopped),
    fn('failure(): bool', () => !current.succeeded),
    fn('always(): bool', () => true),
    fn('skip(): bool', () => false),
    fn('timeout(): bool', () => current.stopped),
    fn('getAction(string): map', (name: unknown) =>
      typeof name === 'string' ? (current.actions.get(name) ?? emptyAction) : emptyAction,
    ),
    fn('getLastAction(): map', () => current.lastAction ?? emptyAction),
  ],
});

import { defineCelFunctions, fn } from './function-family.ts';

/** What canary-checker's `last_result()` answers when a check has no earlier result. */
export const noLastResult = Object.freeze({
  status: '',
  invalid: false,
  createdAt: null,
  duration: 0n,
  message: '',
  error: '',
  results: {},
});

let current: unknown = noLastResult;

/**
 * Runs `evaluate` with `last_result()` answering `lastResult`. CEL evaluation is synchronous,
 * so no other evaluation can observe the value in between.
 */
export function withLastResult<T>(lastResult: unknown, evaluate: () => T): T {
  current = lastResult;
  try {
    return evaluate();
  } finally {
    current = noLastResult;
  }
}

export const contextualFunctions = defineCelFunctions({
  family: 'context',
  namespaces: [],
  functions: [fn('last_result(): map', () => current)],
});

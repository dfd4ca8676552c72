import vm from 'node:vm';
import { Environment } from '@marcbachmann/cel-js';

/** Expressions are compiled once per source text; specs repeat the same few on every run. */
const compiled = new Map<string, (variables: Record<string, unknown>) => unknown>();
const maxCached = 5000;

/** Comprehension macros are the only way a CEL expression's cost grows beyond its own size. */
const macroCall = /\.\s*(all|exists|exists_one|map|filter)\s*\(/;

/** As canary-checker's CEL: any variable, mixed-type map literals (for transform), `?.` chaining. */
const environment = new Environment({
  unlistedVariablesAreDyn: true,
  homogeneousAggregateLiterals: false,
  enableOptionalTypes: true,
});

const sandbox = vm.createContext({});
const invoke = new vm.Script('run()');

export class ExpressionError extends Error {}

/** Parses `source` (throws ExpressionError with the parser's message when it is not CEL). */
export function compileCel(source: string): (variables: Record<string, unknown>) => unknown {
  const cached = compiled.get(source);
  if (cached) return cached;
  let evaluate: (variables: Record<string, unknown>) => unknown;
  try {
    const program = environment.parse(source);
    evaluate = (variables) => program(variables);
  } catch (error) {
    throw new ExpressionError(messageOf(error));
  }
  if (compiled.size >= maxCached) compiled.clear();
  compiled.set(source, evaluate);
  return evaluate;
}

/**
 * Evaluates a CEL expression. One that iterates (a comprehension macro) runs under a hard
 * time limit; the rest are linear in their own length and run directly, which is 20× cheaper.
 */
export function evaluateCel(
  source: string,
  variables: Record<string, unknown>,
  limitMs: number,
): unknown {
  const evaluate = compileCel(source);
  try {
    if (!macroCall.test(source)) return evaluate(variables);
    let result: unknown;
    sandbox.run = () => {
      result = evaluate(variables);
    };
    invoke.runInContext(sandbox, { timeout: limitMs });
    return result;
  } catch (error) {
    const message = messageOf(error);
    if (message.includes('Script execution timed out')) {
      throw new ExpressionError(`expression took longer than ${limitMs}ms`);
    }
    throw new ExpressionError(message);
  } finally {
    sandbox.run = undefined;
  }
}

/** Errors thrown inside the sandbox come from another realm, so `instanceof Error` fails. */
function messageOf(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'message' in error) {
    return String(error.message);
  }
  return String(error);
}

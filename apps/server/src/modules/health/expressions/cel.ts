import vm from 'node:vm';
import { z } from 'zod';
import { withLastResult } from './cel-functions/contextual.ts';
import { aliasVariables, renameReservedVariables } from './cel-reserved-names.ts';
import {
  celNamespaces,
  createCelEnvironment,
  knownFunctionNames,
} from './cel-functions/registry.ts';

/** Expressions are compiled once per source text; specs repeat the same few on every run. */
const compiled = new Map<string, (variables: Record<string, unknown>) => unknown>();
const maxCached = 5000;

/** Comprehension macros are the only way a CEL expression's cost grows beyond its own size. */
const macroCall = /\.\s*(all|exists|exists_one|map|filter)\s*\(/;

const environment = createCelEnvironment();

const sandbox = vm.createContext({});
const invoke = new vm.Script('run()');

export class ExpressionError extends Error {}

/**
 * Parses and type-checks `source` (throws ExpressionError naming an unknown function, or with
 * the checker's message). What fails here would fail on every run, so writes refuse it.
 */
export function compileCel(source: string): (variables: Record<string, unknown>) => unknown {
  const cached = compiled.get(source);
  if (cached) return cached;
  let evaluate: (variables: Record<string, unknown>) => unknown;
  try {
    const renamed = renameReservedVariables(source);
    const program = environment.parse(renamed.source);
    const checked = program.check();
    if (!checked.valid) {
      const node = checked.error && 'node' in checked.error ? checked.error.node : undefined;
      throw new ExpressionError(unknownFunction(node) ?? messageOf(checked.error));
    }
    evaluate = (variables) => program(aliasVariables(variables, renamed.renamed));
  } catch (error) {
    if (error instanceof ExpressionError) throw error;
    throw new ExpressionError(messageOf(error));
  }
  if (compiled.size >= maxCached) compiled.clear();
  compiled.set(source, evaluate);
  return evaluate;
}

const failedCall = z.union([
  z.object({ op: z.literal('call'), args: z.tuple([z.string(), z.unknown()]) }),
  z.object({
    op: z.literal('rcall'),
    args: z.tuple([z.string(), z.object({ op: z.string(), args: z.unknown() }), z.unknown()]),
  }),
]);

/** `unknown function "fooBar"` when the failing call names no function at all. */
function unknownFunction(node: unknown): string | undefined {
  const parsed = failedCall.safeParse(node);
  if (!parsed.success) return undefined;
  const [name] = parsed.data.args;
  let full = name;
  if (parsed.data.op === 'rcall') {
    const receiver = parsed.data.args[1];
    const id = receiver.op === 'id' && typeof receiver.args === 'string' ? receiver.args : '';
    if (celNamespaces.has(id)) full = `${id}.${name}`;
  }
  return knownFunctionNames.has(full) ? undefined : `unknown function "${full}"`;
}

/**
 * Evaluates a CEL expression. One that iterates (a comprehension macro) runs under a hard
 * time limit; the rest are linear in their own length and run directly, which is 20× cheaper.
 * `lastResult` is what `last_result()` answers (the check's previous result).
 */
export function evaluateCel(
  source: string,
  variables: Record<string, unknown>,
  limitMs: number,
  lastResult?: unknown,
): unknown {
  const evaluate = compileCel(source);
  const run = () => evaluate(variables);
  try {
    if (!macroCall.test(source)) {
      return lastResult === undefined ? run() : withLastResult(lastResult, run);
    }
    let result: unknown;
    sandbox.run = () => {
      result = lastResult === undefined ? run() : withLastResult(lastResult, run);
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

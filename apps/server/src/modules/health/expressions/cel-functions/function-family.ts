import type { RegisteredFunctionHandler } from '@marcbachmann/cel-js';

/** One CEL function overload: a cel-js signature (`name(args): result`, `type.name(args)`). */
export interface CelFunction {
  readonly signature: string;
  readonly handler: RegisteredFunctionHandler;
}

/**
 * A family of CEL functions as canary-checker exposes them. A signature that starts with one
 * of the family's namespaces (`k8s.isHealthy(dyn): bool`) is called as `k8s.isHealthy(x)`.
 */
export interface CelFunctionFamily {
  readonly family: string;
  readonly namespaces: readonly string[];
  readonly functions: readonly CelFunction[];
}

export function defineCelFunctions(family: CelFunctionFamily): CelFunctionFamily {
  return family;
}

/** Shorthand for a list of overloads that share nothing but their family. */
export function fn(signature: string, handler: RegisteredFunctionHandler): CelFunction {
  return { signature, handler };
}

/** The order checks of one canary run in: who depends on whom, and which read last_result(). */
import type { PreparedCanary, RunnableCheck } from './prepared-canary.ts';

export interface DependencyPlan {
  /** dependsOn names checks; names are unique per type, so one name may stand for several. */
  readonly byName: ReadonlyMap<string, readonly RunnableCheck[]>;
  readonly cyclic: ReadonlySet<string>;
}

/** Names some check depends on: only their outcomes are kept as `outputs`. */
const dependedOnNames = new WeakMap<PreparedCanary, ReadonlySet<string>>();

export function dependedOn(canary: PreparedCanary): ReadonlySet<string> {
  let names = dependedOnNames.get(canary);
  if (!names) {
    names = new Set(canary.checks.flatMap((c) => c.dependsOn));
    dependedOnNames.set(canary, names);
  }
  return names;
}

const callsLastResult = /\blast_result\s*\(/;
const readsLastResultOf = new WeakMap<RunnableCheck, boolean>();

/** Whether a check's expressions call `last_result()`: only those read the database for it. */
export function readsLastResult(check: RunnableCheck): boolean {
  let reads = readsLastResultOf.get(check);
  if (reads === undefined) {
    const { test, display, transform } = check.expressions;
    reads = [test, display, transform].some(
      (expression) => expression?.expr !== undefined && callsLastResult.test(expression.expr),
    );
    readsLastResultOf.set(check, reads);
  }
  return reads;
}

/** Worked out once per prepared canary, which the engine keeps until the canary changes. */
const plans = new WeakMap<PreparedCanary, DependencyPlan>();

export function dependencyPlan(canary: PreparedCanary): DependencyPlan {
  const known = plans.get(canary);
  if (known) return known;
  const byName = new Map<string, RunnableCheck[]>();
  for (const check of canary.checks)
    byName.set(check.name, [...(byName.get(check.name) ?? []), check]);
  const plan = { byName, cyclic: namesInCycles(byName) };
  plans.set(canary, plan);
  return plan;
}

/**
 * Names that can reach themselves through dependsOn. Write-time validation refuses such specs;
 * the runner checks again so that a cycle can never leave two checks waiting on each other.
 */
function namesInCycles(byName: ReadonlyMap<string, readonly RunnableCheck[]>): Set<string> {
  const edges = new Map<string, Set<string>>();
  for (const [name, checks] of byName) edges.set(name, new Set(checks.flatMap((c) => c.dependsOn)));
  const cyclic = new Set<string>();
  for (const start of edges.keys()) {
    const seen = new Set<string>();
    const stack = [...(edges.get(start) ?? [])];
    while (stack.length > 0) {
      const name = stack.pop() ?? '';
      if (name === start) {
        cyclic.add(start);
        break;
      }
      if (seen.has(name)) continue;
      seen.add(name);
      stack.push(...(edges.get(name) ?? []));
    }
  }
  return cyclic;
}

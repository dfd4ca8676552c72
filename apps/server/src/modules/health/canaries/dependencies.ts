import type { DeclaredCheck } from './canary-spec.ts';

/**
 * Every `dependsOn` must name a check of the same canary, and dependencies may not form a
 * cycle; the first problem is answered with the field it is about.
 */
export function dependencyProblem(
  checks: readonly DeclaredCheck[],
): { field: string; message: string } | undefined {
  const names = new Set(checks.map((c) => c.name));
  // A name's edges are those of every check that bears it (names are unique per type only).
  const edges = new Map<string, string[]>();
  for (const c of checks) edges.set(c.name, [...(edges.get(c.name) ?? []), ...dependsOn(c)]);
  for (const check of checks) {
    for (const [index, name] of dependsOn(check).entries()) {
      if (!names.has(name)) {
        return {
          field: `${check.field}.dependsOn[${index}]`,
          message: `"${name}" is not a check of this canary`,
        };
      }
    }
  }
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (name: string, path: string[]): string[] | undefined => {
    if (state.get(name) === 'done') return undefined;
    if (state.get(name) === 'visiting') return [...path.slice(path.indexOf(name)), name];
    state.set(name, 'visiting');
    for (const next of edges.get(name) ?? []) {
      const cycle = visit(next, [...path, name]);
      if (cycle) return cycle;
    }
    state.set(name, 'done');
    return undefined;
  };
  for (const check of checks) {
    const cycle = visit(check.name, []);
    if (cycle)
      return { field: `${check.field}.dependsOn`, message: `forms a cycle: ${cycle.join(' → ')}` };
  }
  return undefined;
}

function dependsOn(check: DeclaredCheck): string[] {
  const value = check.spec.dependsOn;
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

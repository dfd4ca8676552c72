import { parseCanarySpec } from '../../health/index.ts';
import { firstSlot, parseSchedule } from '../../health/index.ts';
import type { LocalCanary } from './local-canaries.repository.ts';

export interface CanaryDeclaration {
  readonly id?: string;
  readonly name: string;
  readonly namespace: string;
  readonly labels: Record<string, string>;
  readonly spec: Record<string, unknown>;
  readonly icon: string | null;
  readonly source: string;
}

/** Validates the spec as the canaries write hook does; answers the problem as text. */
export function toLocalCanary(
  declaration: CanaryDeclaration,
  now: number,
): LocalCanary | { problem: string } {
  const parsed = parseCanarySpec(declaration.spec);
  if (!parsed.ok) return { problem: `${parsed.field} ${parsed.message}` };
  // A selector picks agents of an upstream; on an agent it would select nothing and run nowhere.
  if (parsed.agentSelector.length > 0) {
    return { problem: 'spec.agentSelector is for canaries on the upstream, not on an agent' };
  }
  const firstRun = parsed.schedule
    ? new Date(firstSlot(parseSchedule(parsed.schedule), now))
    : null;
  return { ...declaration, schedule: parsed.schedule ?? null, firstRun, checks: parsed.checks };
}

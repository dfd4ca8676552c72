import { DomainError } from '../../../platform/errors.ts';
import type { Queryable } from '../../../platform/db.ts';
import { selectsAgent } from './agent-selector.ts';
import { parseCanarySpec, type DeclaredCheck } from './canary-spec.ts';
import { retireChecks, syncChecks } from './checks.repository.ts';
import {
  liveAgents,
  retireCopies,
  selectorParents,
  upsertCopy,
  type SelectorParent,
} from './selector-copies.repository.ts';

export interface ParsedParent {
  readonly checks: readonly DeclaredCheck[];
  readonly schedule: string | undefined;
  readonly agentSelector: readonly string[];
}

/**
 * Makes the canary's copies match its `spec.agentSelector`: one canary per selected live agent,
 * with that agent's id on it and its checks, which the agent is then served as assigned
 * (GET /api/agent/canaries). Copies of agents no longer selected are soft-deleted.
 */
export async function syncCopiesOf(
  db: Queryable,
  parent: SelectorParent,
  parsed: ParsedParent,
  onClash: 'refuse' | 'skip' = 'refuse',
): Promise<void> {
  const selected =
    parsed.agentSelector.length === 0
      ? []
      : (await liveAgents(db)).filter((agent) => selectsAgent(parsed.agentSelector, agent.name));
  // The copy runs as an ordinary canary on the agent: without the selector that made it.
  const spec = Object.fromEntries(
    Object.entries(parent.spec).filter(([key]) => key !== 'agentSelector'),
  );
  for (const agent of selected) {
    const copy = { agentId: agent.id, spec, schedule: parsed.schedule ?? null };
    const id = await upsertCopy(db, parent, copy);
    if (id === undefined && onClash === 'refuse') throw copyClash(parent, agent.name);
    if (id === undefined) continue;
    await syncChecks(db, { id, namespace: parent.namespace, agentId: agent.id }, parsed.checks);
  }
  const kept = selected.map((agent) => agent.id);
  for (const id of await retireCopies(db, parent.id, kept)) await retireChecks(db, id);
}

/** A deleted canary's copies go with it, with their checks (soft delete, history kept). */
export async function retireCopiesOf(db: Queryable, parentId: string): Promise<void> {
  for (const id of await retireCopies(db, parentId, [])) await retireChecks(db, id);
}

/**
 * After an agent is created or deleted: every selector is matched against the agents again. A
 * clash with an agent's own canary was refused when the selector was saved, so it is skipped.
 */
export async function syncAllSelectorCopies(db: Queryable): Promise<void> {
  for (const parent of await selectorParents(db)) {
    const parsed = parseCanarySpec(parent.spec);
    if (parsed.ok) await syncCopiesOf(db, parent, parsed, 'skip');
  }
}

function copyClash(parent: SelectorParent, agentName: string): DomainError {
  return new DomainError(
    'conflict',
    `spec.agentSelector selects agent "${agentName}", which already has its own canary ` +
      `${parent.namespace}/${parent.name}.`,
    null,
    'Rename this canary, or exclude that agent with "!name" in spec.agentSelector.',
  );
}

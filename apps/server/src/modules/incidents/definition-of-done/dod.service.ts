import type { Database, Queryable } from '../../../platform/db.ts';
import { durationFromNanos, evaluateCel } from '../../health/index.ts';
import { markItemDone, pendingScriptedItems, type PendingItem } from './dod.repository.ts';
import { resolveWhenDone } from './resolve-when-done.ts';

export interface DefinitionOfDoneOutcome {
  checked: number;
  done: number;
  resolved: number;
  errors: string[];
}

const batch = 500;
const scriptLimitMs = 200;

/** What an item's script sees: its component, check (with its age) and analysis. */
function variablesOf(item: PendingItem, now: number): Record<string, unknown> {
  const check = item.check
    ? {
        ...item.check,
        age: durationFromNanos(
          BigInt(
            Math.max(
              0,
              now - Date.parse(item.check.last_transition_time ?? new Date(now).toJSON()),
            ),
          ) * 1_000_000n,
        ),
      }
    : null;
  return { component: item.component, check, analysis: item.analysis };
}

/**
 * One pass of the definition-of-done worker: evaluates each pending item's script, marks the
 * true ones done and resolves the incidents whose every item is done, in one transaction.
 */
export async function runDefinitionOfDone(
  db: Database,
  now: number,
): Promise<DefinitionOfDoneOutcome> {
  return db.transaction((client) => evaluatePending(client, now));
}

async function evaluatePending(client: Queryable, now: number): Promise<DefinitionOfDoneOutcome> {
  const outcome: DefinitionOfDoneOutcome = { checked: 0, done: 0, resolved: 0, errors: [] };
  const incidents = new Set<string>();
  for (const item of await pendingScriptedItems(client, batch)) {
    outcome.checked += 1;
    let result: unknown;
    try {
      result = evaluateCel(item.script, variablesOf(item, now), scriptLimitMs);
    } catch (error) {
      outcome.errors.push(`${item.id}: ${error instanceof Error ? error.message : String(error)}`);
      continue;
    }
    if (result === true && (await markItemDone(client, item.id))) {
      outcome.done += 1;
      incidents.add(item.incident_id);
    }
  }
  for (const incident of incidents) {
    if (await resolveWhenDone(client, incident, null)) outcome.resolved += 1;
  }
  return outcome;
}

import type { Queryable } from '../../../platform/db.ts';
import { retireManagedCanaries, syncManagedCanary } from '../../health/index.ts';
import type { InlineCheck } from './built-component.ts';
import type { WrittenTree } from './components.repository.ts';
import type { CheckLink } from './links.repository.ts';

export interface InlineOwner {
  readonly namespace: string;
  readonly agentId: string;
  readonly schedule: string;
  readonly pairingApproved: boolean;
  readonly createdBy: string | null;
}

export interface InlineOutcome {
  /** The checks of each component's inline canary, to link with its selected checks. */
  readonly links: Map<string, CheckLink[]>;
  readonly errors: string[];
}

/** canary-checker's source of a component's inline canary. */
export const inlineSource = (componentId: string): string => `component/${componentId}`;

/**
 * Creates or updates one canary per component that declares `checks[].inline` (their specs
 * merged), owned by the topology, and retires those of components that no longer declare any.
 * A spec the canary rules refuse is one error line; that component's last canary is kept.
 */
export async function syncInlineCanaries(
  db: Queryable,
  owner: InlineOwner,
  tree: WrittenTree,
): Promise<InlineOutcome> {
  const links = new Map<string, CheckLink[]>();
  const errors: string[] = [];
  const unused: string[] = [];
  for (const { id, component } of tree.written) {
    if (component.inline.length === 0) {
      unused.push(inlineSource(id));
      continue;
    }
    const at = component.inline[0]?.at ?? component.name;
    await db.query('savepoint inline_canary');
    try {
      const canary = await syncManagedCanary(
        db,
        {
          source: inlineSource(id),
          name: component.name,
          // Components of one name in several topologies or parents: the id tells them apart.
          fallbackNames: [`${component.name}-${id.slice(-12)}`],
          namespace: component.namespace || owner.namespace,
          agentId: owner.agentId,
          labels: component.labels,
          spec: mergedSpec(component.inline),
          schedule: owner.schedule,
          pairingApproved: owner.pairingApproved,
          createdBy: owner.createdBy,
        },
        at,
      );
      const selectorId = `topology:inline:${canary.id}`;
      links.set(
        id,
        canary.checkIds.map((checkId) => ({ checkId, canaryId: canary.id, selectorId })),
      );
      await db.query('release savepoint inline_canary');
    } catch (error) {
      await db.query('rollback to savepoint inline_canary');
      const message = error instanceof Error ? error.message : String(error);
      errors.push(message.startsWith(at) ? message : `${at}: ${message}`);
    }
  }
  await retireManagedCanaries(db, unused);
  return { links, errors };
}

/** The canaries of retired components go with them. */
export async function retireInlineCanaries(
  db: Queryable,
  componentIds: readonly string[],
): Promise<void> {
  await retireManagedCanaries(db, componentIds.map(inlineSource));
}

/** Several inline specs of one component are one canary: check lists are joined. */
function mergedSpec(inline: readonly InlineCheck[]): Record<string, unknown> {
  const merged: Record<string, unknown> = {};
  for (const { spec } of inline) {
    for (const [key, value] of Object.entries(spec)) {
      const before = merged[key];
      if (isList(before) && isList(value)) merged[key] = [...before, ...value];
      else if (before === undefined) merged[key] = value;
    }
  }
  return merged;
}

function isList(value: unknown): value is unknown[] {
  return Array.isArray(value);
}

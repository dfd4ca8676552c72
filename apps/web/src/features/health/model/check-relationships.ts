export type RelationshipKind = 'config' | 'component';

export interface RelatedItem {
  id: string;
  name: string;
  kind: RelationshipKind;
  /** Where the item's own page is: /catalog/{id} or /topology/{id}. */
  href: string;
}

export interface RelatedTarget {
  id: string;
  name: string | null;
}

const pathOf: Record<RelationshipKind, string> = { config: '/catalog', component: '/topology' };
const kindOrder: Record<RelationshipKind, number> = { config: 0, component: 1 };

/**
 * One row per related item: a check can be linked to the same item by several selectors,
 * and a config without a name still needs something to click.
 */
export function relatedItems(
  configs: readonly RelatedTarget[],
  components: readonly RelatedTarget[],
): RelatedItem[] {
  const byKey = new Map<string, RelatedItem>();
  const add = (kind: RelationshipKind, target: RelatedTarget) => {
    const key = `${kind}:${target.id}`;
    if (byKey.has(key)) return;
    const name = target.name === null || target.name === '' ? target.id : target.name;
    byKey.set(key, { id: target.id, name, kind, href: `${pathOf[kind]}/${target.id}` });
  };
  for (const target of configs) add('config', target);
  for (const target of components) add('component', target);
  return [...byKey.values()].sort(
    (a, b) => kindOrder[a.kind] - kindOrder[b.kind] || a.name.localeCompare(b.name),
  );
}

import type { TopologyComponent, TopologyResponse } from '@vigil/domain';

export interface PageComponents {
  /** The component of /topology/{id}, when there is one. */
  current: TopologyComponent | undefined;
  cards: TopologyComponent[];
  /** Spec 001 §5: more than one component for one id is answered with a warning. */
  duplicate: boolean;
}

/**
 * /topology shows the roots; /topology/{id} shows the component's children, or the component
 * itself when it has none.
 */
export function pageComponents(
  data: TopologyResponse | undefined,
  id: string | undefined,
): PageComponents {
  const components = data?.components ?? [];
  if (id === undefined) return { current: undefined, cards: components, duplicate: false };
  const current = components.find((c) => c.id === id) ?? components[0];
  const children = (current?.components ?? []).filter((c) => c.name !== '' && c.id !== id);
  return {
    current,
    cards: children.length > 0 || current === undefined ? children : [current],
    duplicate: components.filter((c) => c.id === id).length > 1,
  };
}

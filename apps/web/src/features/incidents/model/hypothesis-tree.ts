import type { Hypothesis } from '../api/incident-schemas.ts';

export interface HypothesisNode {
  hypothesis: Hypothesis;
  children: HypothesisNode[];
}

/** The tree from parent_id links, oldest first at each level; the root(s) at the top. */
export function buildHypothesisTree(hypotheses: readonly Hypothesis[]): HypothesisNode[] {
  const sorted = [...hypotheses].sort((a, b) => a.created_at.localeCompare(b.created_at));
  const nodes = new Map<string, HypothesisNode>(
    sorted.map((h) => [h.id, { hypothesis: h, children: [] }]),
  );
  const roots: HypothesisNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.hypothesis.parent_id ? nodes.get(node.hypothesis.parent_id) : undefined;
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

/** Evidence flagged definition of done, oldest first (spec 002 §2). */
export function definitionOfDone(hypotheses: readonly Hypothesis[]) {
  return hypotheses
    .flatMap((h) => h.evidences)
    .filter((e) => e.definition_of_done)
    .sort((a, b) => a.created_at.localeCompare(b.created_at));
}

/** Components named by the incident's evidence, each once (the detail's top strip). */
export function evidenceComponents(hypotheses: readonly Hypothesis[]) {
  const seen = new Map<string, string>();
  for (const e of hypotheses.flatMap((h) => h.evidences)) {
    if (e.component) seen.set(e.component.id, e.component.name);
  }
  return [...seen].map(([id, name]) => ({ id, name }));
}

import { describe, expect, it } from 'vitest';
import type { Hypothesis } from '../api/incident-schemas.ts';
import { buildHypothesisTree, definitionOfDone } from './hypothesis-tree.ts';

const node = (id: string, parent: string | null, at: string, dod = false): Hypothesis => ({
  id,
  incident_id: 'i',
  parent_id: parent,
  type: parent === null ? 'root' : 'factor',
  title: id,
  status: 'possible',
  created_at: at,
  evidences: [
    {
      id: `e-${id}`,
      hypothesis_id: id,
      type: 'comment',
      description: null,
      definition_of_done: dod,
      done: false,
      script: null,
      created_at: at,
      component_id: null,
      check_id: null,
      config_id: null,
    },
  ],
});

describe('the hypothesis tree', () => {
  it('nests children under parents, oldest first', () => {
    const tree = buildHypothesisTree([
      node('b', 'root', '2026-01-03'),
      node('root', null, '2026-01-01'),
      node('a', 'root', '2026-01-02'),
      node('s', 'a', '2026-01-04'),
    ]);
    expect(tree.map((n) => n.hypothesis.id)).toEqual(['root']);
    expect(tree[0]?.children.map((n) => n.hypothesis.id)).toEqual(['a', 'b']);
    expect(tree[0]?.children[0]?.children.map((n) => n.hypothesis.id)).toEqual(['s']);
  });

  it('lists definition-of-done evidence oldest first', () => {
    const items = definitionOfDone([
      node('b', null, '2026-01-03', true),
      node('a', null, '2026-01-02', true),
      node('c', null, '2026-01-01'),
    ]);
    expect(items.map((e) => e.id)).toEqual(['e-a', 'e-b']);
  });
});

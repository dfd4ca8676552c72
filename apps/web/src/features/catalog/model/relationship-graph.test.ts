import { describe, expect, it } from 'vitest';
import {
  buildRelationshipGraph,
  groupId,
  type GraphConfig,
  type GraphLink,
} from './relationship-graph.ts';

const config = (id: string, type = 'Kubernetes::Pod'): GraphConfig => ({ id, name: id, type });
const link = (from: string, to: string, selector = 'auto'): GraphLink => ({
  config_id: from,
  related_id: to,
  selector_id: selector,
});
const ids = (graph: ReturnType<typeof buildRelationshipGraph>) =>
  graph.nodes.map((n) => n.id).sort();

describe('buildRelationshipGraph', () => {
  it('links fewer than 3 of a type directly', () => {
    const graph = buildRelationshipGraph({
      rootId: 'r',
      configs: [config('r', 'Kubernetes::Namespace'), config('a'), config('b')],
      links: [link('r', 'a'), link('r', 'b')],
      toggled: new Set(),
    });
    expect(graph.nodes.filter((n) => n.kind === 'group')).toEqual([]);
    expect(graph.edges.map((e) => e.id).sort()).toEqual(['r>a', 'r>b']);
  });

  it('puts 3 of one type behind an intermediary node that starts open', () => {
    const graph = buildRelationshipGraph({
      rootId: 'r',
      configs: [config('r', 'Kubernetes::Namespace'), config('a'), config('b'), config('c')],
      links: [link('r', 'a'), link('r', 'b'), link('r', 'c')],
      toggled: new Set(),
    });
    const group = graph.nodes.find((n) => n.kind === 'group');
    expect(group).toMatchObject({ id: groupId('r', 'Kubernetes::Pod'), count: 3, expanded: true });
    expect(ids(graph)).toEqual(['a', 'b', 'c', groupId('r', 'Kubernetes::Pod'), 'r'].sort());
    expect(graph.edges.map((e) => e.source)).not.toContain('r>a');
    expect(graph.edges.filter((e) => e.source === 'r').map((e) => e.target)).toEqual([
      groupId('r', 'Kubernetes::Pod'),
    ]);
  });

  it('collapses a group of more than 3 until it is toggled open', () => {
    const children = ['a', 'b', 'c', 'd'];
    const input = {
      rootId: 'r',
      configs: [config('r', 'Kubernetes::Namespace'), ...children.map((id) => config(id))],
      links: children.map((id) => link('r', id)),
    };
    const closed = buildRelationshipGraph({ ...input, toggled: new Set() });
    expect(ids(closed)).toEqual([groupId('r', 'Kubernetes::Pod'), 'r'].sort());
    const open = buildRelationshipGraph({
      ...input,
      toggled: new Set([groupId('r', 'Kubernetes::Pod')]),
    });
    expect(ids(open)).toEqual([...children, groupId('r', 'Kubernetes::Pod'), 'r'].sort());
  });

  it('groups only the type that reaches 3', () => {
    const graph = buildRelationshipGraph({
      rootId: 'r',
      configs: [
        config('r', 'X'),
        config('a'),
        config('b'),
        config('c'),
        config('s', 'Kubernetes::Service'),
      ],
      links: [link('r', 'a'), link('r', 'b'), link('r', 'c'), link('r', 's')],
      toggled: new Set(),
    });
    expect(graph.edges.map((e) => e.id)).toContain('r>s');
    expect(graph.nodes.filter((n) => n.kind === 'group')).toHaveLength(1);
  });

  it('merges identical related ids and duplicate links, keeping the manual one', () => {
    const graph = buildRelationshipGraph({
      rootId: 'r',
      configs: [config('r', 'X'), config('a'), config('a')],
      links: [link('r', 'a'), link('r', 'a', 'manual'), link('r', 'a')],
      toggled: new Set(),
    });
    expect(graph.nodes).toHaveLength(2);
    expect(graph.edges).toEqual([{ id: 'r>a', source: 'r', target: 'a', manual: true }]);
  });

  it('tolerates cycles', () => {
    const graph = buildRelationshipGraph({
      rootId: 'a',
      configs: [config('a', 'X'), config('b', 'Y'), config('c', 'Z')],
      links: [link('a', 'b'), link('b', 'c'), link('c', 'a')],
      toggled: new Set(),
    });
    expect(ids(graph)).toEqual(['a', 'b', 'c']);
    expect(graph.edges).toHaveLength(3);
  });

  it('keeps a config reachable another way visible when its group is closed', () => {
    const children = ['a', 'b', 'c', 'd'];
    const graph = buildRelationshipGraph({
      rootId: 'r',
      configs: [config('r', 'X'), config('s', 'Y'), ...children.map((id) => config(id))],
      links: [...children.map((id) => link('r', id)), link('s', 'a')],
      toggled: new Set(),
    });
    expect(ids(graph)).toContain('a');
    expect(ids(graph)).not.toContain('b');
  });

  it('never hides the root and drops links to unknown configs', () => {
    const graph = buildRelationshipGraph({
      rootId: 'r',
      configs: [config('r')],
      links: [link('r', 'ghost'), link('r', 'r')],
      toggled: new Set(),
    });
    expect(graph).toEqual({
      nodes: [{ kind: 'config', id: 'r', config: config('r'), root: true }],
      edges: [],
    });
  });
});

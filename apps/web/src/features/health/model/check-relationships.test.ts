import { describe, expect, it } from 'vitest';
import { relatedItems } from './check-relationships.ts';

describe('related items', () => {
  it('lists configs then components, by name, once each, with their links', () => {
    const items = relatedItems(
      [
        { id: 'c2', name: 'web-pod' },
        { id: 'c1', name: null },
        { id: 'c2', name: 'web-pod' },
      ],
      [{ id: 'p1', name: 'api' }],
    );
    expect(items).toEqual([
      { id: 'c1', name: 'c1', kind: 'config', href: '/catalog/c1' },
      { id: 'c2', name: 'web-pod', kind: 'config', href: '/catalog/c2' },
      { id: 'p1', name: 'api', kind: 'component', href: '/topology/p1' },
    ]);
  });

  it('is empty without relationships', () => {
    expect(relatedItems([], [])).toEqual([]);
  });
});

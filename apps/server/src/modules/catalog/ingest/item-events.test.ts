import { describe, expect, it } from 'vitest';
import { itemEvent, type ItemTransition } from './item-events.ts';
import { parentsFirst } from './item-rows.ts';

const base: ItemTransition = {
  id: 'c1',
  type: 'Kubernetes::Pod',
  name: 'web-0',
  created: false,
  deleted: false,
  configChanged: false,
  healthBefore: 'healthy',
  health: 'healthy',
};

describe('itemEvent (the filter before queueing)', () => {
  it('queues nothing for an item that did not move', () => {
    expect(itemEvent(base)).toBeUndefined();
  });

  it('queues one event per item, the strongest transition first', () => {
    expect(
      itemEvent({ ...base, deleted: true, health: 'unhealthy', configChanged: true })?.name,
    ).toBe('config.deleted');
    expect(
      itemEvent({ ...base, created: true, healthBefore: undefined, health: 'unhealthy' })?.name,
    ).toBe('config.created');
    expect(itemEvent({ ...base, health: 'unhealthy', configChanged: true })).toMatchObject({
      name: 'config.unhealthy',
      eventId: 'c1:unhealthy',
      properties: { config_id: 'c1', health: 'unhealthy', previous: 'healthy' },
    });
    expect(itemEvent({ ...base, configChanged: true })).toMatchObject({
      name: 'config.updated',
      eventId: 'c1',
    });
  });

  it('names each health', () => {
    for (const health of ['healthy', 'unhealthy', 'warning', 'unknown'] as const) {
      const event = itemEvent({
        ...base,
        healthBefore: health === 'healthy' ? 'warning' : 'healthy',
        health,
      });
      expect(event?.name).toBe(`config.${health}`);
    }
  });
});

describe('parentsFirst', () => {
  const item = (id: string, parent?: string) => ({
    externalId: id,
    type: 'T::K',
    configClass: 'K',
    name: id,
    config: {},
    parent: parent ? { type: 'T::K', externalId: parent } : undefined,
  });

  it('puts parents before children and keeps the order otherwise', () => {
    const order = parentsFirst([item('c', 'b'), item('x'), item('b', 'a'), item('a')]).map(
      (i) => i.externalId,
    );
    expect(order).toEqual(['x', 'a', 'b', 'c']);
  });

  it('survives a parent cycle', () => {
    expect(parentsFirst([item('a', 'b'), item('b', 'a')])).toHaveLength(2);
  });
});

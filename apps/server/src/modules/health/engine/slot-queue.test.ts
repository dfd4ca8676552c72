import { describe, expect, it } from 'vitest';
import { SlotQueue } from './slot-queue.ts';

interface Item {
  readonly id: string;
  readonly slot: number;
}

function queueOf(items: readonly Item[]): SlotQueue<Item> {
  const queue = new SlotQueue<Item>();
  for (const item of items) queue.push(item);
  return queue;
}

describe('SlotQueue', () => {
  it('keeps items in slot order whatever order they arrive in', () => {
    const queue = queueOf([
      { id: 'c', slot: 30 },
      { id: 'a', slot: 10 },
      { id: 'd', slot: 40 },
      { id: 'b', slot: 20 },
      { id: 'e', slot: 5 },
    ]);
    expect(queue.size).toBe(5);
    expect(queue.peek()).toEqual({ id: 'e', slot: 5 });
    expect(queue.takeDue(Infinity).map((i) => i.id)).toEqual(['e', 'a', 'b', 'c', 'd']);
  });

  it('keeps arrival order among items of the same slot', () => {
    const queue = queueOf([
      { id: 'x1', slot: 10 },
      { id: 'y', slot: 20 },
      { id: 'x2', slot: 10 },
      { id: 'x3', slot: 10 },
    ]);
    expect(queue.takeDue(Infinity).map((i) => i.id)).toEqual(['x1', 'x2', 'x3', 'y']);
  });

  it('takes exactly the items due at or before now, leaving later ones', () => {
    const queue = queueOf([
      { id: 'a', slot: 100 },
      { id: 'b', slot: 200 },
      { id: 'c', slot: 300 },
    ]);
    expect(queue.takeDue(99)).toEqual([]);
    expect(queue.takeDue(200).map((i) => i.id)).toEqual(['a', 'b']);
    expect(queue.size).toBe(1);
    expect(queue.peek()?.id).toBe('c');
    expect(queue.takeDue(250)).toEqual([]);
    expect(queue.takeDue(300).map((i) => i.id)).toEqual(['c']);
    expect(queue.peek()).toBeUndefined();
  });

  it('takes items due a little later when they may start early, leaving on-time ones', () => {
    const queue = queueOf([
      { id: 'due', slot: 100 },
      { id: 'cron', slot: 120 },
      { id: 'every', slot: 150 },
      { id: 'far', slot: 400 },
    ]);
    const mayStartEarly = (item: Item) => item.id !== 'cron';
    expect(queue.takeDue(100, 200, mayStartEarly).map((i) => i.id)).toEqual(['due', 'every']);
    expect(queue.peek()?.id).toBe('cron');
    expect(queue.size).toBe(2);
    expect(queue.takeDue(120).map((i) => i.id)).toEqual(['cron']);
    expect(queue.takeDue(120, 300, mayStartEarly)).toEqual([]);
    expect(queue.peek()?.id).toBe('far');
  });

  it('sorts a large random input like a stable sort would', () => {
    let seed = 42;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const items = Array.from({ length: 2000 }, (_, i) => ({
      id: String(i),
      slot: Math.floor(random() * 500),
    }));
    const queue = queueOf(items);
    const expected = [...items].sort((a, b) => a.slot - b.slot);
    expect(queue.takeDue(250)).toEqual(expected.filter((i) => i.slot <= 250));
    expect(queue.takeDue(Infinity)).toEqual(expected.filter((i) => i.slot > 250));
  });

  it('clear() empties the queue and returns what it held', () => {
    const queue = queueOf([
      { id: 'b', slot: 2 },
      { id: 'a', slot: 1 },
    ]);
    expect(queue.clear().map((i) => i.id)).toEqual(['a', 'b']);
    expect(queue.size).toBe(0);
    expect(queue.takeDue(Infinity)).toEqual([]);
  });
});

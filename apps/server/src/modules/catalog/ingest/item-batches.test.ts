import { describe, expect, it } from 'vitest';
import type { ScrapedItem } from '../scrapers/scrape-result.ts';
import { itemBatches, type ScrapedItems } from './item-batches.ts';

function item(id: string, parent?: string): ScrapedItem {
  return {
    externalId: id,
    type: 'T',
    configClass: 'T',
    name: id,
    config: {},
    parent: parent ? { type: 'T', externalId: parent } : undefined,
  };
}

async function batches(items: ScrapedItems, size: number): Promise<string[][]> {
  const out: string[][] = [];
  for await (const batch of itemBatches(items, size)) out.push(batch.map((i) => i.externalId));
  return out;
}

async function* stream(items: readonly ScrapedItem[]): AsyncGenerator<ScrapedItem> {
  for (const i of items) yield i;
}

describe('itemBatches', () => {
  const childrenFirst = [item('c', 'b'), item('b', 'a'), item('x'), item('a')];

  it('orders an array parents first as a whole', async () => {
    expect(await batches(childrenFirst, 2)).toEqual([
      ['x', 'a'],
      ['b', 'c'],
    ]);
  });

  it('streams parents-first input batch by batch without holding anything back', async () => {
    const input = [item('a'), item('b', 'a'), item('c', 'b'), item('d', 'a'), item('e')];
    expect(await batches(stream(input), 2)).toEqual([['a', 'b'], ['c', 'd'], ['e']]);
  });

  it('holds back items whose parent has not come, and their children, until the end', async () => {
    // c's parent b comes in a later batch; d's parent is held back c; z's parent never comes.
    const input = [item('c', 'b'), item('d', 'c'), item('a'), item('b', 'a'), item('z', 'gone')];
    expect(await batches(stream(input), 2)).toEqual([['a', 'b'], ['c', 'z'], ['d']]);
  });

  it('reads a plain iterable as a stream', async () => {
    function* gen(): Generator<ScrapedItem> {
      yield item('a');
      yield item('b', 'a');
    }
    expect(await batches(gen(), 10)).toEqual([['a', 'b']]);
  });
});

import type { ScrapedItem } from '../scrapers/scrape-result.ts';
import { itemKey, parentsFirst } from './item-rows.ts';

/**
 * A scrape's items: an array, or a stream (an iterable or async iterable) that a scraper
 * yields as it reads its source, so that an ingest never holds the whole scrape.
 */
export type ScrapedItems =
  readonly ScrapedItem[] | Iterable<ScrapedItem> | AsyncIterable<ScrapedItem>;

function isItemArray(items: ScrapedItems): items is readonly ScrapedItem[] {
  return Array.isArray(items);
}

function keysOf(item: ScrapedItem): string[] {
  return [item.externalId, ...(item.aliases ?? [])].map((id) => itemKey(item.type, id));
}

/**
 * The items in batches, in the order they are written: every hard parent of the same scrape
 * before its children. An array is ordered as a whole. A stream is read one batch at a time,
 * each ordered parents first; an item whose parent has not come yet is held back, and the
 * held-back items follow at the end, parents first (their parents came later, or are stored).
 */
export async function* itemBatches(
  items: ScrapedItems,
  size: number,
  arrive: (item: ScrapedItem) => ScrapedItem | Promise<ScrapedItem> = (item) => item,
): AsyncGenerator<ScrapedItem[]> {
  if (isItemArray(items)) {
    const ordered = parentsFirst(items);
    for (let start = 0; start < ordered.length; start += size) {
      yield ordered.slice(start, start + size);
    }
    return;
  }
  const seen = new Set<string>();
  const heldKeys = new Set<string>();
  const heldBack: ScrapedItem[] = [];
  const ready = (chunk: readonly ScrapedItem[]) => {
    const out: ScrapedItem[] = [];
    for (const item of parentsFirst(chunk)) {
      const parentKey = item.parent && itemKey(item.parent.type, item.parent.externalId);
      if (parentKey && (!seen.has(parentKey) || heldKeys.has(parentKey))) {
        heldBack.push(item);
        for (const key of keysOf(item)) heldKeys.add(key);
        continue;
      }
      for (const key of keysOf(item)) seen.add(key);
      out.push(item);
    }
    return out;
  };
  let chunk: ScrapedItem[] = [];
  for await (const item of items) {
    // Stream items only: what `arrive` answers is kept in place of the item (see ingestItems).
    chunk.push(await arrive(item));
    if (chunk.length < size) continue;
    const batch = ready(chunk);
    chunk = [];
    if (batch.length > 0) yield batch;
  }
  const last = ready(chunk);
  if (last.length > 0) yield last;
  const rest = parentsFirst(heldBack);
  for (let start = 0; start < rest.length; start += size) yield rest.slice(start, start + size);
}

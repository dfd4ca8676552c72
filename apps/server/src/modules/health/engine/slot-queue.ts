/** Claimed slots in time order; claims arrive mostly sorted, so inserts are usually appends. */
export class SlotQueue<T extends { readonly slot: number }> {
  readonly #items: T[] = [];

  get size(): number {
    return this.#items.length;
  }

  push(item: T): void {
    const items = this.#items;
    let low = 0;
    let high = items.length;
    if (high === 0 || (items[high - 1]?.slot ?? 0) <= item.slot) {
      items.push(item);
      return;
    }
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((items[middle]?.slot ?? 0) <= item.slot) low = middle + 1;
      else high = middle;
    }
    items.splice(low, 0, item);
  }

  /** The earliest slot waiting, if any. */
  peek(): T | undefined {
    return this.#items[0];
  }

  /** Removes and returns every item due at or before `now`. */
  takeDue(now: number): T[] {
    let count = 0;
    while (count < this.#items.length && (this.#items[count]?.slot ?? Infinity) <= now) count++;
    return this.#items.splice(0, count);
  }

  clear(): T[] {
    return this.#items.splice(0);
  }
}

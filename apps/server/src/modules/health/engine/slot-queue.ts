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

  /**
   * Removes and returns every item due at or before `now`, and those due up to `early` that
   * `mayStartEarly` allows; the others stay in order.
   */
  takeDue(now: number, early = now, mayStartEarly: (item: T) => boolean = () => false): T[] {
    const items = this.#items;
    let count = 0;
    while (count < items.length && (items[count]?.slot ?? Infinity) <= now) count++;
    const due = items.splice(0, count);
    if (early <= now) return due;
    let index = 0;
    while (index < items.length) {
      const item = items[index];
      if (item === undefined || item.slot > early) break;
      if (mayStartEarly(item)) {
        due.push(item);
        items.splice(index, 1);
      } else {
        index++;
      }
    }
    return due;
  }

  clear(): T[] {
    return this.#items.splice(0);
  }
}

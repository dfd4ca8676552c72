import { describe, expect, it } from 'vitest';
import { tuneHeap } from './heap.ts';

describe('tuneHeap', () => {
  it("leaves the heap policy alone when the operator's flags or NODE_OPTIONS set one", () => {
    expect(tuneHeap(['--heap-growing-percent=80'], '')).toBe(false);
    expect(tuneHeap([], '--max-old-space-size=512 --heap-growing-percent=20')).toBe(false);
  });

  it('applies its own policy otherwise', () => {
    expect(tuneHeap(['--import', 'tsx'], '--max-old-space-size=512')).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import { serverNodeFlags, tuneHeap } from './heap.ts';

describe('tuneHeap', () => {
  it("leaves the heap policy alone when the operator's flags or NODE_OPTIONS set one", () => {
    expect(tuneHeap(['--heap-growing-percent=80'], '')).toBe(false);
    expect(tuneHeap([], '--max-old-space-size=512 --heap-growing-percent=20')).toBe(false);
  });

  it('applies its own policy otherwise', () => {
    expect(tuneHeap(['--import', 'tsx'], '--max-old-space-size=512')).toBe(true);
  });
});

describe('serverNodeFlags', () => {
  const root = new URL('../../../../', import.meta.url);
  const read = (path: string): string => fs.readFileSync(new URL(path, root), 'utf8');

  it('are passed by every launcher of the server', () => {
    const launchers = {
      'npm start': read('scripts/start.mjs'),
      'npm run vigil': read('package.json'),
      'the vigil bin': read('apps/server/bin/vigil.mjs').split('\n')[0] ?? '',
    };
    for (const [launcher, text] of Object.entries(launchers)) {
      for (const flag of serverNodeFlags) expect(text, launcher).toContain(flag);
    }
  });
});

import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lineStartsIgnoringCase, lineStartsNewestFirst } from './byte-search.ts';
import { matchingLinesBackwards, type LineFilter } from './file-lines.ts';

let dir = '';
const base = Date.parse('2026-11-01T00:00:00Z');
const at = (second: number) => new Date(base + second * 1000).toISOString();

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'vigil-file-lines-'));
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

async function collect(file: string, filter: Partial<LineFilter>) {
  const lines = [];
  const all = { needle: '', start: 0, end: Number.MAX_SAFE_INTEGER, limit: 1_000_000, ...filter };
  for await (const batch of matchingLinesBackwards(file, all, new AbortController().signal)) {
    lines.push(...batch);
  }
  return lines;
}

describe('byte searches', () => {
  it('lists line starts newest first and finds a needle in any case once per line', () => {
    const bytes = Buffer.from('one\nTwo two\n\nthree TWO\n');
    expect(lineStartsNewestFirst(bytes)).toEqual([13, 12, 4, 0]);
    expect(lineStartsIgnoringCase(bytes, Buffer.from('two'))).toEqual([13, 4]);
    expect(lineStartsIgnoringCase(bytes, Buffer.from('four'))).toEqual([]);
    expect(lineStartsIgnoringCase(Buffer.from('xxtwo'), Buffer.from('two'))).toEqual([0]);
  });
});

describe('matchingLinesBackwards', () => {
  it('reads across chunk boundaries, newest first, in any letter case', async () => {
    const file = path.join(dir, 'big.log');
    // About 9 MB: the 4 MB chunks split lines, and the needle sits near the boundaries.
    const lines = Array.from({ length: 120_000 }, (_, i) =>
      i % 1000 === 999 ? `${at(i)} Kernel PANIC number ${i}` : `${at(i)} ${'x'.repeat(60)} ${i}`,
    );
    await fs.writeFile(file, `${lines.join('\n')}\n`);
    const found = await collect(file, { needle: 'kernel panic' });
    expect(found).toHaveLength(120);
    expect(found[0]).toEqual({ time: base + 119_999_000, message: 'Kernel PANIC number 119999' });
    expect(found.at(-1)?.message).toBe('Kernel PANIC number 999');
    const every = await collect(file, { limit: 3 });
    expect(every.map((line) => line.message)).toEqual([
      'Kernel PANIC number 119999',
      `${'x'.repeat(60)} 119998`,
      `${'x'.repeat(60)} 119997`,
    ]);
  });

  it('stops at the start of the range, skips the newest past its end, and keeps the limit', async () => {
    const file = path.join(dir, 'range.log');
    const lines = Array.from({ length: 100 }, (_, i) => `${at(i)} line ${i}`);
    await fs.writeFile(file, `${lines.join('\n')}\n`);
    const found = await collect(file, { start: base + 90_000, end: base + 95_000 });
    expect(found.map((line) => line.message)).toEqual(
      [95, 94, 93, 92, 91, 90].map((i) => `line ${i}`),
    );
    expect(await collect(file, { needle: 'line 1', limit: 2 })).toHaveLength(2);
  });

  it('gives an untimed line the next newer time, and matches a UTF-8 needle', async () => {
    const file = path.join(dir, 'untimed.log');
    await fs.writeFile(file, `${at(1)} Grüße aus Köln\n  at stack frame ÄÖ\n${at(5)} done\r\n`);
    const found = await collect(file, { needle: 'äö' });
    expect(found).toEqual([{ time: base + 5000, message: '  at stack frame ÄÖ' }]);
    const all = await collect(file, {});
    expect(all.map((line) => line.message)).toEqual([
      'done',
      '  at stack frame ÄÖ',
      'Grüße aus Köln',
    ]);
  });
});

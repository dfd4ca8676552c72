import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lineStartsIgnoringCase, lineStartsNewestFirst, planNeedle } from './byte-search.ts';
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
    const search = (text: Buffer, needle: string) =>
      lineStartsIgnoringCase(text, planNeedle(Buffer.from(needle), text));
    expect(search(bytes, 'two')).toEqual([13, 4]);
    expect(search(bytes, 'four')).toEqual([]);
    expect(search(Buffer.from('xxtwo'), 'two')).toEqual([0]);
  });

  it('anchors on the rarest byte and finds it in either case, each line once', () => {
    const text = Buffer.from('aaa Zed zED\naaaa\nzed\nZzed aaa\n');
    const needle = planNeedle(Buffer.from('azed'), text);
    // 'e' and 'd' are rarer here than 'a' and 'z'; the first of them anchors.
    expect(needle.anchor).toBe(2);
    expect(needle.variants).toEqual([0x65, 0x45]);
    expect(lineStartsIgnoringCase(text, planNeedle(Buffer.from('zed'), text))).toEqual([21, 17, 0]);
    expect(lineStartsIgnoringCase(text, planNeedle(Buffer.from('a z'), text))).toEqual([0]);
    expect(lineStartsIgnoringCase(text, planNeedle(Buffer.from('zed aaa'), text))).toEqual([21]);
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

/** The first read is the file's last 256 KiB: `split` bytes of `line` fall before that edge. */
const firstRead = 256 * 1024;

async function straddling(name: string, line: string, split: number, newline = '\n') {
  const file = path.join(dir, name);
  const older = Array.from({ length: 2000 }, (_, i) => `${at(i)} older ${i}`).join(newline);
  let remaining = firstRead - Buffer.byteLength(line) - newline.length + split;
  const filler: string[] = [];
  for (let i = 0; remaining > 0; i++) {
    const full = `${at(3000 + i)} newer ${i}`;
    const text =
      remaining - newline.length >= full.length + 40
        ? full
        : 'x'.repeat(remaining - newline.length);
    filler.push(text);
    remaining -= text.length + newline.length;
  }
  const text = `${older}${newline}${line}${newline}${filler.join(newline)}${newline}`;
  await fs.writeFile(file, text);
  const size = Buffer.byteLength(text);
  // The edge of the first read falls where the test means it to.
  expect(size - firstRead).toBe(Buffer.byteLength(`${older}${newline}`) + split);
  return file;
}

describe('matchingLinesBackwards at a chunk edge', () => {
  const line = `${at(2500)} worker 7: Kernel Panic at Grüße`;

  it('finds a needle that the edge cuts in two', async () => {
    const split = line.indexOf('Panic') + 2;
    const file = await straddling('needle-split.log', line, split);
    const found = await collect(file, { needle: 'kernel panic' });
    expect(found).toEqual([{ time: base + 2_500_000, message: 'worker 7: Kernel Panic at Grüße' }]);
  });

  it('finds a needle in the older part of a line the edge cuts, decoding UTF-8 whole', async () => {
    const split = Buffer.byteLength(line) - 3; // inside the two bytes of ü's neighbour ß
    const file = await straddling('line-split.log', line, split);
    const found = await collect(file, { needle: 'WORKER 7' });
    expect(found.map((l) => l.message)).toEqual(['worker 7: Kernel Panic at Grüße']);
    const cut = await straddling('utf8-split.log', line, Buffer.byteLength(line) - 4);
    expect((await collect(cut, { needle: 'panic' })).map((l) => l.message)).toEqual([
      'worker 7: Kernel Panic at Grüße',
    ]);
  });

  it('reads CRLF lines without their carriage return, a split one too', async () => {
    const split = line.indexOf('Kernel') + 3;
    const file = await straddling('crlf.log', line, split, '\r\n');
    const found = await collect(file, { needle: 'grüße' });
    expect(found.map((l) => l.message)).toEqual(['worker 7: Kernel Panic at Grüße']);
    const newest = await collect(file, { limit: 2 });
    expect(newest.every((l) => !l.message.includes('\r'))).toBe(true);
    expect(await collect(file, { needle: 'panic at grüße\r' })).toEqual([]);
  });

  it('reads a last line without a newline, in any letter case', async () => {
    const file = path.join(dir, 'no-newline.log');
    await fs.writeFile(file, `${at(1)} first\n${at(2)} kErNeL pAnIc last`);
    expect(await collect(file, { needle: 'KERNEL panic' })).toEqual([
      { time: base + 2000, message: 'kErNeL pAnIc last' },
    ]);
    expect((await collect(file, {})).map((l) => l.message)).toEqual(['kErNeL pAnIc last', 'first']);
  });

  it('finds a needle at the very start and end of the file', async () => {
    const file = path.join(dir, 'edges.log');
    await fs.writeFile(file, `zebra ${at(1)}\n${at(2)} middle\n${at(3)} ends in zebra`);
    expect((await collect(file, { needle: 'ZEBRA' })).map((l) => l.message)).toEqual([
      'ends in zebra',
      'zebra 2026-11-01T00:00:01.000Z',
    ]);
  });
});

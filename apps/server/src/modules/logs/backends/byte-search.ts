/**
 * Line searches over raw bytes, so that a large log file is scanned without decoding it:
 * only the lines that match are turned into strings afterwards.
 */

const newline = 0x0a;

function lowerAscii(byte: number): number {
  return byte >= 0x41 && byte <= 0x5a ? byte | 0x20 : byte;
}

/** Start offsets of every line, newest (last) first; a trailing newline adds no empty line. */
export function lineStartsNewestFirst(bytes: Uint8Array): number[] {
  const starts: number[] = [];
  let end = bytes.length;
  if (end > 0 && bytes[end - 1] === newline) end -= 1;
  while (end >= 0) {
    const before = end === 0 ? -1 : bytes.lastIndexOf(newline, end - 1);
    starts.push(before + 1);
    if (before < 0) break;
    end = before;
  }
  return starts;
}

/**
 * Start offsets of the lines holding `needle` (lower-case ASCII bytes) in any letter case,
 * newest first. Boyer-Moore-Horspool with a shift table that folds case; after a match the
 * search moves on to the next line, so each line is counted once.
 */
export function lineStartsIgnoringCase(bytes: Uint8Array, needle: Uint8Array): number[] {
  const m = needle.length;
  const n = bytes.length;
  const shift = new Int32Array(256).fill(m);
  for (let i = 0; i < m - 1; i++) {
    const byte = needle[i] ?? 0;
    shift[byte] = m - 1 - i;
    if (byte >= 0x61 && byte <= 0x7a) shift[byte ^ 0x20] = m - 1 - i;
  }
  const starts: number[] = [];
  let at = 0;
  while (at <= n - m) {
    let j = m - 1;
    while (j >= 0 && lowerAscii(bytes[at + j] ?? 0) === needle[j]) j--;
    if (j < 0) {
      starts.push(at === 0 ? 0 : bytes.lastIndexOf(newline, at - 1) + 1);
      const next = bytes.indexOf(newline, at + m);
      if (next < 0) break;
      at = next + 1;
    } else {
      at += shift[bytes[at + m - 1] ?? 0] ?? m;
    }
  }
  return starts.reverse();
}

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

/** A needle prepared for one file: its lower-case bytes and the byte it is looked up by. */
export interface ByteNeedle {
  /** The needle's lower-case ASCII bytes. */
  readonly bytes: Uint8Array;
  /** Where in the needle the anchor byte sits. */
  readonly anchor: number;
  /** The anchor byte in each letter case. */
  readonly variants: readonly number[];
}

/**
 * Anchors the needle (lower-case ASCII bytes) on its byte that is rarest in `sample` (any
 * case): the native byte search (memchr) then stops only there, and each stop is checked.
 */
export function planNeedle(needle: Uint8Array, sample: Uint8Array): ByteNeedle {
  const counts = new Uint32Array(256);
  for (const byte of sample) counts[lowerAscii(byte)] = (counts[lowerAscii(byte)] ?? 0) + 1;
  let anchor = 0;
  for (let i = 1; i < needle.length; i++) {
    if ((counts[needle[i] ?? 0] ?? 0) < (counts[needle[anchor] ?? 0] ?? 0)) anchor = i;
  }
  const byte = needle[anchor] ?? 0;
  const variants = byte >= 0x61 && byte <= 0x7a ? [byte, byte ^ 0x20] : [byte];
  return { bytes: needle, anchor, variants };
}

function equalsIgnoringCase(bytes: Uint8Array, at: number, needle: Uint8Array): boolean {
  for (let j = 0; j < needle.length; j++) {
    if (lowerAscii(bytes[at + j] ?? 0) !== needle[j]) return false;
  }
  return true;
}

/**
 * Start offsets of the lines holding the needle in any letter case, newest first, each line
 * once. Buffer.indexOf finds the anchor byte natively; only those places are compared.
 */
export function lineStartsIgnoringCase(bytes: Buffer, needle: ByteNeedle): number[] {
  const { bytes: wanted, anchor } = needle;
  const starts: number[] = [];
  for (const variant of needle.variants) {
    let at = bytes.indexOf(variant, anchor);
    while (at >= 0) {
      const start = at - anchor;
      if (start + wanted.length > bytes.length) break;
      if (!equalsIgnoringCase(bytes, start, wanted)) {
        at = bytes.indexOf(variant, at + 1);
        continue;
      }
      starts.push(start === 0 ? 0 : bytes.lastIndexOf(newline, start - 1) + 1);
      // The rest of this line cannot add another start.
      const next = bytes.indexOf(newline, start + wanted.length);
      at = next < 0 ? -1 : bytes.indexOf(variant, next + 1 + anchor);
    }
  }
  starts.sort((a, b) => b - a);
  return starts.filter((start, i) => i === 0 || start !== starts[i - 1]);
}

import fs from 'node:fs/promises';
import {
  lineStartsIgnoringCase,
  lineStartsNewestFirst,
  planNeedle,
  type ByteNeedle,
} from './byte-search.ts';

/** Reads start small (the newest lines are often enough) and grow to this size. */
const firstChunk = 256 * 1024;
const maxChunk = 8 * 1024 * 1024;
/** A "line" longer than this (a file without newlines) is cut rather than held whole. */
const maxLineBytes = 256 * 1024;
const leadingTime =
  /^\[?(\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(?:[.,]\d{1,9})?(?:Z|[+-]\d{2}:?\d{2})?)\]?\s*/;

export interface FileLine {
  readonly time: number;
  readonly message: string;
}

/** A line's leading ISO 8601 time (UTC when it names no zone) and the text after it. */
export function splitLeadingTime(line: string): { time: number | undefined; rest: string } {
  const match = leadingTime.exec(line);
  if (!match?.[1]) return { time: undefined, rest: line };
  const text = match[1].replace(' ', 'T').replace(',', '.');
  const zoned = /(Z|[+-]\d{2}:?\d{2})$/.test(text) ? text : `${text}Z`;
  const time = Date.parse(zoned);
  return Number.isNaN(time)
    ? { time: undefined, rest: line }
    : { time, rest: line.slice(match[0].length) };
}

export interface LineFilter {
  /** Text the lines must contain, case-insensitive; '' for every line. */
  readonly needle: string;
  /** Lines older than this end the walk (files are appended in time order). */
  readonly start: number;
  /** Lines newer than this are passed over. */
  readonly end: number;
  /** The walk ends once this many lines were yielded. */
  readonly limit: number;
}

function endOf(bytes: Buffer, at: number): number {
  const end = bytes.indexOf(0x0a, at);
  return end < 0 ? bytes.length : end;
}

/** The time of the first line at or after `from` that has one. */
function timeFrom(bytes: Buffer, from: number): number | undefined {
  for (let at = from; at < bytes.length; at = endOf(bytes, at) + 1) {
    const head = bytes.toString('utf8', at, Math.min(endOf(bytes, at), at + 64));
    const { time } = splitLeadingTime(head);
    if (time !== undefined) return time;
  }
  return undefined;
}

/**
 * The lines of a file that contain the needle, from its end backwards, in batches (newest
 * first). An ASCII needle is searched in the raw bytes, so that only matching lines are
 * decoded; an untimed line takes the next newer line's time, else the file's mtime.
 */
export async function* matchingLinesBackwards(
  file: string,
  filter: LineFilter,
  signal: AbortSignal,
): AsyncGenerator<FileLine[]> {
  const ascii = /^[\x20-\x7e]*$/.test(filter.needle);
  const needleBytes = ascii ? Buffer.from(filter.needle.toLowerCase(), 'latin1') : undefined;
  let needle: ByteNeedle | undefined;
  const lower = filter.needle.toLowerCase();
  const handle = await fs.open(file, 'r');
  try {
    const stat = await handle.stat();
    let position = stat.size;
    // Two buffers taken in turn (the partial line carried from one read sits after the next),
    // grown with the reads, so that a search ended by the newest lines allocates little.
    const buffers = [Buffer.alloc(0), Buffer.alloc(0)];
    let carry: Buffer = Buffer.alloc(0);
    let newerTime = stat.mtimeMs;
    let yielded = 0;
    let chunkSize = firstChunk;
    for (let turn = 0; position > 0; turn++) {
      if (signal.aborted) return;
      const size = Math.min(chunkSize, position);
      chunkSize = Math.min(chunkSize * 2, maxChunk);
      position -= size;
      let space = buffers[turn % 2] ?? Buffer.alloc(0);
      if (space.length < size + carry.length) {
        space = Buffer.allocUnsafe(size + maxLineBytes);
        buffers[turn % 2] = space;
      }
      const buffer = space.subarray(0, size + carry.length);
      await readFully(handle, buffer, size, position);
      carry.copy(buffer, size);
      // Bytes before the first newline belong to a line that starts in an earlier chunk.
      const first = position > 0 ? buffer.indexOf(0x0a) : -1;
      if (position > 0 && first < 0) {
        carry = Buffer.from(buffer.length > maxLineBytes ? buffer.subarray(-maxLineBytes) : buffer);
        continue;
      }
      const whole = buffer.subarray(first + 1);
      carry =
        first > maxLineBytes
          ? buffer.subarray(first - maxLineBytes, first)
          : buffer.subarray(0, Math.max(first, 0));
      if (needleBytes !== undefined && needleBytes.length > 0)
        needle ??= planNeedle(needleBytes, whole);
      const starts =
        needle !== undefined ? lineStartsIgnoringCase(whole, needle) : lineStartsNewestFirst(whole);
      const lines: FileLine[] = [];
      let stop = false;
      for (const start of starts) {
        const end = endOf(whole, start);
        const text = whole.toString('utf8', start, end).replace(/\r$/, '');
        if (text.trim() === '' || (!ascii && !text.toLowerCase().includes(lower))) continue;
        const { time, rest } = splitLeadingTime(text);
        const at = time ?? timeFrom(whole, end + 1) ?? newerTime;
        if (at < filter.start) {
          stop = true;
          break;
        }
        if (at > filter.end) continue;
        lines.push({ time: at, message: rest });
        if (yielded + lines.length >= filter.limit) {
          stop = true;
          break;
        }
      }
      yielded += lines.length;
      if (lines.length > 0) yield lines;
      const oldest = timeFrom(whole, 0);
      if (stop || (oldest !== undefined && oldest < filter.start)) return;
      if (oldest !== undefined) newerTime = oldest;
    }
  } finally {
    await handle.close();
  }
}

/** Fills `buffer[0, size)` from `position`: one read may return fewer bytes than asked. */
async function readFully(
  handle: fs.FileHandle,
  buffer: Buffer,
  size: number,
  position: number,
): Promise<void> {
  let done = 0;
  while (done < size) {
    const { bytesRead } = await handle.read(buffer, done, size - done, position + done);
    if (bytesRead === 0) {
      buffer.fill(0x0a, done, size); // the file shrank under us: blank lines are skipped
      return;
    }
    done += bytesRead;
  }
}

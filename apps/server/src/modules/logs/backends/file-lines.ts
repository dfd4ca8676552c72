import fs from 'node:fs/promises';

const chunkSize = 256 * 1024;
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

/**
 * Lines of a file from its end backwards, so that the newest matching lines of a large file
 * are found without reading all of it. A line without its own time takes the previous
 * (newer) line's, else the file's modification time.
 */
export async function* linesBackwards(file: string, signal: AbortSignal): AsyncGenerator<FileLine> {
  const handle = await fs.open(file, 'r');
  try {
    const stat = await handle.stat();
    let position = stat.size;
    let carry: Buffer = Buffer.alloc(0);
    let lastTime = stat.mtimeMs;
    const emit = (bytes: Buffer): FileLine | undefined => {
      const text = bytes.toString('utf8').replace(/\r$/, '');
      if (text.trim() === '') return undefined;
      const { time, rest } = splitLeadingTime(text);
      if (time !== undefined) lastTime = time;
      return { time: time ?? lastTime, message: rest };
    };
    while (position > 0) {
      if (signal.aborted) return;
      const size = Math.min(chunkSize, position);
      position -= size;
      const chunk = Buffer.alloc(size);
      await handle.read(chunk, 0, size, position);
      let buffer = carry.length > 0 ? Buffer.concat([chunk, carry]) : chunk;
      let end = buffer.length;
      for (let i = buffer.length - 1; i >= 0; i -= 1) {
        if (buffer[i] !== 0x0a) continue;
        const line = emit(buffer.subarray(i + 1, end));
        if (line) yield line;
        end = i;
      }
      buffer = buffer.subarray(0, end);
      carry = buffer.length > maxLineBytes ? buffer.subarray(buffer.length - maxLineBytes) : buffer;
    }
    const first = emit(carry);
    if (first) yield first;
  } finally {
    await handle.close();
  }
}

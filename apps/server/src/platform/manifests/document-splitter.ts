import { StringDecoder } from 'node:string_decoder';

/** One YAML document's text and the line of its source it starts on. */
export interface DocumentText {
  readonly text: string;
  readonly firstLine: number;
}

const documentStart = /^---(?:[ \t]|\r?\n|$)/;
const documentEnd = /^\.\.\.(?:[ \t]|\r?\n|$)/;
/** Lines that alone make no document: blank, comments, and bare `---` or `...` markers. */
const empty = /^(?:[ \t]*(?:#.*)?|(?:---|\.\.\.)[ \t]*(?:#.*)?)\r?\n?$/;
const directive = /^%/;

/**
 * Splits a YAML stream into its documents as it arrives, so that only one document's text is
 * held at a time. A line starting `---` or `...` is always a document marker in YAML, even
 * inside a block scalar, so splitting at them needs no parsing.
 */
export async function* splitDocuments(
  chunks: AsyncIterable<Buffer | string> | Iterable<Buffer | string>,
): AsyncGenerator<DocumentText> {
  const decoder = new StringDecoder('utf8');
  const document = new DocumentLines();
  // The start of a line not yet ended, in pieces: one long line is joined once, not per chunk.
  let partial: string[] = [];
  for await (const chunk of chunks) {
    const text = typeof chunk === 'string' ? chunk : decoder.write(chunk);
    let from = 0;
    for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', from)) {
      const line = partial.join('') + text.slice(from, at + 1);
      partial = [];
      from = at + 1;
      const done = document.add(line);
      if (done) yield done;
    }
    if (from < text.length) partial.push(text.slice(from));
  }
  const tail = partial.join('') + decoder.end();
  const done = tail === '' ? undefined : document.add(tail);
  if (done) yield done;
  const last = document.take();
  if (last) yield last;
}

/** The lines of the document being read, and the source line it starts on. */
class DocumentLines {
  private lines: string[] = [];
  private firstLine = 1;
  private lineNumber = 0;

  /** Adds a line and answers the document it completes, if it completes one. */
  add(line: string): DocumentText | undefined {
    this.lineNumber += 1;
    const before = documentStart.test(line) ? this.take() : undefined;
    if (this.lines.length === 0) this.firstLine = this.lineNumber;
    this.lines.push(line);
    return before ?? (documentEnd.test(line) ? this.take() : undefined);
  }

  /** The document read so far, unless it holds nothing but markers, comments and directives. */
  take(): DocumentText | undefined {
    const lines = this.lines;
    const substantive = lines.some((line) => !empty.test(line) && !directive.test(line));
    // Directives belong to the document that the next `---` starts.
    this.lines = substantive ? [] : lines.filter((line) => directive.test(line));
    return substantive ? { text: lines.join(''), firstLine: this.firstLine } : undefined;
  }
}

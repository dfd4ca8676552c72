import { pgrst } from '../postgrest-errors.ts';

const maxInputLength = 16_384;

/** Character-level reader shared by the select, order and logic-tree parsers. */
export class Scanner {
  private position = 0;

  constructor(
    private readonly input: string,
    private readonly what: string,
  ) {
    if (input.length > maxInputLength) throw pgrst.parse(`"${what}" is too long`);
  }

  get done(): boolean {
    return this.position >= this.input.length;
  }

  peek(text: string): boolean {
    return this.input.startsWith(text, this.position);
  }

  accept(text: string): boolean {
    if (!this.peek(text)) return false;
    this.position += text.length;
    return true;
  }

  expect(text: string): void {
    if (!this.accept(text)) this.fail(`expected "${text}"`);
  }

  /** A bare identifier, or a double-quoted one with "" as an escaped quote. */
  identifier(): string {
    if (this.accept('"')) {
      const quoted = this.quoted();
      // The SQL text is a C string on the wire: a NUL would cut the statement short.
      if (quoted.includes('\u0000')) this.fail('identifiers cannot contain NUL');
      return quoted;
    }
    const match = /^[A-Za-z_][A-Za-z0-9_$ ]*/.exec(this.input.slice(this.position));
    const name = match?.[0].trimEnd();
    if (!name) this.fail('expected an identifier');
    this.position += name.length;
    return name;
  }

  /** A JSON path key: an identifier, a quoted key or an array index (possibly negative). */
  jsonKey(): string {
    if (this.accept('"')) return this.quoted();
    const match = /^-?[A-Za-z0-9_$]+/.exec(this.input.slice(this.position));
    if (!match) this.fail('expected a JSON key');
    this.position += match[0].length;
    return match[0];
  }

  /** A value inside a logic tree or list: quoted, or up to the next unescaped delimiter. */
  value(delimiters: string): string {
    if (this.accept('"')) return this.quoted();
    let out = '';
    let depth = 0;
    let quoted = false;
    while (!this.done) {
      const char = this.input.charAt(this.position);
      if (char === '"') {
        quoted = !quoted;
        // Quotes inside a list stay for the list parser; at the top they only protect delimiters.
        if (depth > 0) out += char;
        this.position += 1;
        continue;
      }
      if (quoted) {
        out += char;
        this.position += 1;
        continue;
      }
      if (depth === 0 && delimiters.includes(char)) break;
      if (char === '(') depth += 1;
      if (char === ')') depth -= 1;
      if (char === '\\' && this.position + 1 < this.input.length) {
        out += this.input.charAt(this.position + 1);
        this.position += 2;
        continue;
      }
      out += char;
      this.position += 1;
    }
    return out;
  }

  rest(): string {
    const out = this.input.slice(this.position);
    this.position = this.input.length;
    return out;
  }

  fail(reason: string): never {
    throw pgrst.parse(
      `"failed to parse ${this.what} (${this.input.slice(0, 200)})"`,
      `${reason} at position ${this.position}`,
    );
  }

  private quoted(): string {
    let out = '';
    while (!this.done) {
      const char = this.input.charAt(this.position);
      this.position += 1;
      if (char === '\\' && !this.done) {
        out += this.input.charAt(this.position);
        this.position += 1;
      } else if (char === '"') {
        if (this.accept('"')) out += '"';
        else return out;
      } else out += char;
    }
    return this.fail('unterminated quote');
  }
}

/** col->a->>b */
export function readField(scanner: Scanner): {
  column: string;
  jsonPath: { key: string; asText: boolean }[];
} {
  const column = scanner.identifier();
  const jsonPath: { key: string; asText: boolean }[] = [];
  for (;;) {
    if (scanner.accept('->>')) jsonPath.push({ key: scanner.jsonKey(), asText: true });
    else if (scanner.accept('->')) jsonPath.push({ key: scanner.jsonKey(), asText: false });
    else return { column, jsonPath };
  }
}

import { TemplateError } from './errors.ts';

export type TokenKind =
  | 'text'
  | 'left'
  | 'right'
  | 'space'
  | 'ident'
  | 'keyword'
  | 'field'
  | 'variable'
  | 'dot'
  | 'string'
  | 'char'
  | 'number'
  | 'bool'
  | 'nil'
  | 'pipe'
  | 'lparen'
  | 'rparen'
  | 'comma'
  | 'declare'
  | 'assign'
  | 'eof';

export interface Token {
  readonly kind: TokenKind;
  readonly value: string;
  /** Offset in the source, for error lines. */
  readonly pos: number;
}

export interface Delimiters {
  readonly left: string;
  readonly right: string;
}

const keywords = new Set([
  'block',
  'break',
  'continue',
  'define',
  'else',
  'end',
  'if',
  'range',
  'template',
  'with',
]);
const spaceChars = ' \t\r\n';
const alnum = /[\p{L}\p{N}_]/u;

/** Splits a template into tokens as Go's text/template lexer does, trim markers applied. */
export function lex(source: string, delimiters: Delimiters): Token[] {
  return new Lexer(source, delimiters).run();
}

class Lexer {
  private pos = 0;
  private readonly tokens: Token[] = [];
  private parenDepth = 0;

  constructor(
    private readonly src: string,
    private readonly delims: Delimiters,
  ) {}

  run(): Token[] {
    const { left } = this.delims;
    let trimNext = false;
    while (this.pos < this.src.length) {
      const at = this.src.indexOf(left, this.pos);
      const end = at < 0 ? this.src.length : at;
      const trimLeft = at >= 0 && this.hasLeftTrim(at + left.length);
      let text = this.src.slice(this.pos, end);
      if (trimNext) text = trimStart(text);
      if (trimLeft) text = trimEnd(text);
      if (text !== '') this.push('text', text);
      if (at < 0) break;
      this.pos = at + left.length + (trimLeft ? 2 : 0);
      trimNext = this.src.startsWith('/*', this.pos) ? this.comment() : this.action();
    }
    this.pos = this.src.length;
    this.push('eof', '');
    return this.tokens;
  }

  private hasLeftTrim(at: number): boolean {
    return this.src[at] === '-' && spaceChars.includes(this.src[at + 1] ?? 'x');
  }

  /** A comment must sit alone in its action: `{{/* … *\/}}`, trim markers allowed. */
  private comment(): boolean {
    const close = this.src.indexOf('*/', this.pos + 2);
    if (close < 0) throw this.error('unclosed comment');
    this.pos = close + 2;
    const rightTrim = this.rightTrimAt(this.pos);
    if (rightTrim > 0) {
      this.pos += rightTrim;
      return true;
    }
    if (!this.src.startsWith(this.delims.right, this.pos))
      throw this.error('comment ends before closing delimiter');
    this.pos += this.delims.right.length;
    return false;
  }

  /** Length of ` -}}` (space, trim marker, right delimiter) at `at`, or 0. */
  private rightTrimAt(at: number): number {
    let p = at;
    while (spaceChars.includes(this.src[p] ?? 'x')) p++;
    if (p === at || this.src[p] !== '-') return 0;
    return this.src.startsWith(this.delims.right, p + 1)
      ? p + 1 + this.delims.right.length - at
      : 0;
  }

  /** Lexes one action; answers whether it ended with a right trim marker. */
  private action(): boolean {
    this.push('left', this.delims.left);
    this.parenDepth = 0;
    for (;;) {
      if (this.pos >= this.src.length) throw this.error('unclosed action');
      const c = this.src.charAt(this.pos);
      if (this.parenDepth === 0 && this.src.startsWith(this.delims.right, this.pos)) {
        this.pos += this.delims.right.length;
        this.push('right', this.delims.right);
        return false;
      }
      if (spaceChars.includes(c)) {
        const trim = this.rightTrimAt(this.pos);
        if (trim > 0) {
          if (this.parenDepth > 0) throw this.error('unclosed left paren');
          this.pos += trim;
          this.push('right', this.delims.right);
          return true;
        }
        while (spaceChars.includes(this.src[this.pos] ?? 'x')) this.pos++;
        this.push('space', ' ');
        continue;
      }
      this.token(c);
    }
  }

  private token(c: string): void {
    const next = this.src[this.pos + 1] ?? '';
    if (c === ':' && next === '=') return this.take('declare', 2);
    if (c === '=') return this.take('assign', 1);
    if (c === '|') return this.take('pipe', 1);
    if (c === ',') return this.take('comma', 1);
    if (c === '(') {
      this.parenDepth++;
      return this.take('lparen', 1);
    }
    if (c === ')') {
      if (this.parenDepth === 0) throw this.error('unexpected right paren');
      this.parenDepth--;
      return this.take('rparen', 1);
    }
    if (c === '"') return this.quoted();
    if (c === '`') return this.raw();
    if (c === "'") return this.char();
    if (c === '$') return this.word('variable', this.pos + 1);
    if (c === '.') {
      if (/[0-9]/.test(next)) return this.number();
      if (alnum.test(next)) return this.word('field', this.pos + 1);
      return this.take('dot', 1);
    }
    if (/[0-9+-]/.test(c)) return this.number();
    if (alnum.test(c)) return this.identifier();
    throw this.error(`unrecognized character in action: ${JSON.stringify(c)}`);
  }

  private take(kind: TokenKind, length: number): void {
    this.push(kind, this.src.slice(this.pos, this.pos + length));
    this.pos += length;
  }

  private word(kind: TokenKind, from: number): void {
    let p = from;
    while (p < this.src.length && alnum.test(this.src.charAt(p))) p++;
    this.push(kind, this.src.slice(this.pos, p));
    this.pos = p;
  }

  private identifier(): void {
    const start = this.pos;
    this.word('ident', start);
    const last = this.tokens.pop();
    const value = last?.value ?? '';
    if (keywords.has(value)) this.push('keyword', value);
    else if (value === 'true' || value === 'false') this.push('bool', value);
    else if (value === 'nil') this.push('nil', value);
    else this.push('ident', value);
  }

  private number(): void {
    const match =
      /^[+-]?(0[xX][0-9a-fA-F_]+|0[bB][01_]+|0[oO][0-7_]+|(\d[\d_]*)?\.?\d*([eE][+-]?\d+)?)/.exec(
        this.src.slice(this.pos),
      );
    const text = match?.[0] ?? '';
    if (
      text === '' ||
      text === '+' ||
      text === '-' ||
      alnum.test(this.src[this.pos + text.length] ?? '')
    ) {
      throw this.error(
        `bad number syntax: ${JSON.stringify(this.src.slice(this.pos, this.pos + text.length + 1))}`,
      );
    }
    this.take('number', text.length);
  }

  private quoted(): void {
    let p = this.pos + 1;
    for (;;) {
      const c = this.src[p];
      if (c === undefined || c === '\n') throw this.error('unterminated quoted string');
      if (c === '\\') p += 2;
      else if (c === '"') break;
      else p++;
    }
    this.take('string', p + 1 - this.pos);
  }

  private raw(): void {
    const close = this.src.indexOf('`', this.pos + 1);
    if (close < 0) throw this.error('unterminated raw quoted string');
    this.take('string', close + 1 - this.pos);
  }

  private char(): void {
    let p = this.pos + 1;
    for (;;) {
      const c = this.src[p];
      if (c === undefined || c === '\n') throw this.error('unterminated character constant');
      if (c === '\\') p += 2;
      else if (c === "'") break;
      else p++;
    }
    this.take('char', p + 1 - this.pos);
  }

  private push(kind: TokenKind, value: string): void {
    this.tokens.push({ kind, value, pos: this.pos });
  }

  private error(message: string): TemplateError {
    return new TemplateError(`template: ${lineAt(this.src, this.pos)}: ${message}`);
  }
}

/** The 1-based line of `pos`, as Go's errors name it. */
export function lineAt(source: string, pos: number): number {
  let n = 1;
  for (let i = 0; i < pos && i < source.length; i++) if (source[i] === '\n') n++;
  return n;
}

function trimStart(text: string): string {
  let i = 0;
  while (i < text.length && spaceChars.includes(text.charAt(i))) i++;
  return text.slice(i);
}

function trimEnd(text: string): string {
  let i = text.length;
  while (i > 0 && spaceChars.includes(text.charAt(i - 1))) i--;
  return text.slice(0, i);
}

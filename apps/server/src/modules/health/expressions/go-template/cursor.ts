import { TemplateError } from './errors.ts';
import { lineAt, type Token, type TokenKind } from './lexer.ts';

/** Walks a token list for the parser, and words its errors as Go's do (with the line). */
export class TokenCursor {
  protected i = 0;

  constructor(
    protected readonly source: string,
    protected readonly tokens: readonly Token[],
  ) {}

  protected keyword(word: string): void {
    this.skipSpace();
    const token = this.next();
    if (token.kind !== 'keyword' || token.value !== word) throw this.error(`expected ${word}`);
  }

  protected expect(kind: TokenKind, context: string): void {
    this.skipSpace();
    const token = this.next();
    if (token.kind === 'eof') throw this.error('unclosed action');
    if (token.kind !== kind) throw this.error(`unexpected ${describe(token)} in ${context}`);
  }

  protected skipSpace(): boolean {
    if (this.peek().kind !== 'space') return false;
    this.i++;
    return true;
  }

  protected peek(): Token {
    return this.tokens[this.i] ?? this.eof();
  }

  protected next(): Token {
    const token = this.peek();
    if (token.kind !== 'eof') this.i++;
    return token;
  }

  protected eof(): Token {
    return { kind: 'eof', value: '', pos: this.source.length };
  }

  protected error(message: string): TemplateError {
    const pos = this.tokens[Math.max(0, this.i - 1)]?.pos ?? 0;
    return new TemplateError(`template: ${lineAt(this.source, pos)}: ${message}`);
  }
}

export function describe(token: Token): string {
  if (token.kind === 'eof') return 'EOF';
  if (token.kind === 'right') return `"${token.value}"`;
  return `<${token.value}>`;
}

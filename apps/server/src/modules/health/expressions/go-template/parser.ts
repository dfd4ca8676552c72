import { describe, TokenCursor } from './cursor.ts';
import { lex, type Delimiters, type Token, type TokenKind } from './lexer.ts';
import { parseNumber, unquote } from './literals.ts';
import { scanDeclarations } from './declarations.ts';
import type { Arg, Command, ControlNode, Node, Pipe, Tree } from './nodes.ts';

export interface ParseOptions {
  readonly delimiters: Delimiters;
  /** Whether a function name is defined; unknown names are refused when parsing, as Go does. */
  readonly isFunction: (name: string) => boolean;
}

type Terminator = { readonly term: 'end' } | { readonly term: 'else'; readonly chained?: string };
type Item = Node | Terminator;

/** Parses a template as Go's text/template/parse does. */
export function parse(source: string, options: ParseOptions): Tree {
  return new Parser(source, lex(source, options.delimiters), options.isFunction).root();
}

function isTerminator(item: Item): item is Terminator {
  return 'term' in item;
}

class Parser extends TokenCursor {
  private vars: string[] = ['$'];
  private rangeDepth = 0;
  private readonly defines = new Map<string, readonly Node[]>();

  constructor(
    source: string,
    tokens: readonly Token[],
    private readonly isFunction: (name: string) => boolean,
  ) {
    super(source, tokens);
  }

  root(): Tree {
    const nodes: Node[] = [];
    while (this.peek().kind !== 'eof') {
      if (this.startsKeyword('define')) {
        this.define();
        continue;
      }
      const item = this.textOrAction();
      if (isTerminator(item)) throw this.error(`unexpected {{${item.term}}}`);
      nodes.push(item);
    }
    return { root: nodes, defines: this.defines };
  }

  private startsKeyword(word: string): boolean {
    if (this.peek().kind !== 'left') return false;
    let j = this.i + 1;
    if (this.tokens[j]?.kind === 'space') j++;
    const token = this.tokens[j];
    return token?.kind === 'keyword' && token.value === word;
  }

  private define(): void {
    this.next();
    this.keyword('define');
    const name = this.templateName('define');
    this.expect('right', 'define clause');
    const saved = this.vars;
    this.vars = ['$'];
    const { nodes, term } = this.itemList();
    this.vars = saved;
    if (term.term !== 'end') throw this.error('unexpected {{else}} in define');
    this.defines.set(name, nodes);
  }

  private itemList(): { nodes: Node[]; term: Terminator } {
    const nodes: Node[] = [];
    for (;;) {
      if (this.peek().kind === 'eof') throw this.error('unexpected EOF');
      if (this.startsKeyword('define')) throw this.error('unexpected <define> in command');
      const item = this.textOrAction();
      if (isTerminator(item)) return { nodes, term: item };
      nodes.push(item);
    }
  }

  private textOrAction(): Item {
    const token = this.next();
    if (token.kind === 'text') return { kind: 'text', text: token.value };
    if (token.kind !== 'left') throw this.error(`unexpected ${describe(token)}`);
    this.skipSpace();
    const word = this.peek();
    if (word.kind !== 'keyword') return { kind: 'action', pipe: this.pipeline('command', 'right') };
    this.next();
    switch (word.value) {
      case 'end':
        this.expect('right', 'end');
        return { term: 'end' };
      case 'else':
        return this.elseClause();
      case 'if':
      case 'range':
      case 'with':
        return this.control(word.value);
      case 'template':
        return this.templateCall();
      case 'block':
        return this.block();
      case 'break':
      case 'continue':
        this.expect('right', word.value);
        if (this.rangeDepth === 0) throw this.error(`{{${word.value}}} outside {{range}}`);
        return { kind: word.value };
      default:
        throw this.error(`unexpected <${word.value}> in command`);
    }
  }

  private elseClause(): Terminator {
    this.skipSpace();
    const next = this.peek();
    if (next.kind === 'keyword' && (next.value === 'if' || next.value === 'with')) {
      return { term: 'else', chained: next.value };
    }
    this.expect('right', 'else');
    return { term: 'else' };
  }

  private control(kind: ControlNode['kind']): ControlNode {
    const mark = this.vars.length;
    const pipe = this.pipeline(kind, 'right');
    if (kind === 'range') this.rangeDepth++;
    const { nodes, term } = this.itemList();
    if (kind === 'range') this.rangeDepth--;
    let elseList: Node[] | undefined;
    if (term.term === 'else') {
      if (term.chained !== undefined) {
        if (term.chained !== kind)
          throw this.error(`unexpected <${term.chained}> after else in ${kind}`);
        this.next();
        elseList = [this.control(kind)];
      } else {
        const rest = this.itemList();
        if (rest.term.term !== 'end') throw this.error('expected end; found {{else}}');
        elseList = rest.nodes;
      }
    }
    this.vars.length = mark;
    return { kind, pipe, list: nodes, elseList };
  }

  private templateCall(): Node {
    const name = this.templateName('template');
    this.skipSpace();
    if (this.peek().kind === 'right') {
      this.next();
      return { kind: 'template', name, pipe: undefined };
    }
    return { kind: 'template', name, pipe: this.pipeline('template clause', 'right') };
  }

  private block(): Node {
    const name = this.templateName('block');
    const pipe = this.pipeline('block clause', 'right');
    const saved = this.vars;
    this.vars = ['$'];
    const { nodes, term } = this.itemList();
    this.vars = saved;
    if (term.term !== 'end') throw this.error('unexpected {{else}} in block');
    this.defines.set(name, nodes);
    return { kind: 'template', name, pipe };
  }

  private templateName(context: string): string {
    this.skipSpace();
    const token = this.next();
    if (token.kind !== 'string')
      throw this.error(`unexpected ${describe(token)} in ${context} clause`);
    return unquote(token.value);
  }

  private pipeline(context: string, end: 'right' | 'rparen'): Pipe {
    this.skipSpace();
    const { decl, isAssign } = this.declarations(context);
    const cmds: Command[] = [];
    for (;;) {
      this.skipSpace();
      const token = this.peek();
      if (token.kind === end) {
        this.next();
        break;
      }
      if (token.kind === 'eof') throw this.error('unclosed action');
      if (cmds.length > 0) {
        if (token.kind !== 'pipe') throw this.error(`unexpected ${describe(token)} in ${context}`);
        this.next();
      }
      cmds.push(this.command(end, cmds.length));
    }
    if (cmds.length === 0) throw this.error(`missing value for ${context}`);
    return { decl, isAssign, cmds };
  }

  private declarations(context: string): { decl: string[]; isAssign: boolean } {
    const found = scanDeclarations(this.tokens, this.i, context === 'range');
    if (found === undefined) return { decl: [], isAssign: false };
    if (found === 'bad-range') throw this.error('range can only initialize variables');
    this.i = found.next;
    for (const name of found.names) {
      if (found.isAssign && !this.vars.includes(name)) {
        throw this.error(`undefined variable "${name}"`);
      }
      if (!found.isAssign) this.vars.push(name);
    }
    return { decl: found.names, isAssign: found.isAssign };
  }

  private command(end: TokenKind, stage: number): Command {
    const args: Arg[] = [];
    this.skipSpace();
    for (;;) {
      args.push(this.operand());
      const hadSpace = this.skipSpace();
      const next = this.peek().kind;
      if (next === end || next === 'pipe') break;
      if (next === 'eof') throw this.error('unclosed action');
      if (!hadSpace) throw this.error(`unexpected ${describe(this.peek())} in operand`);
    }
    const first = args[0];
    if (stage > 0 && first !== undefined && ['literal', 'dot', 'nil'].includes(first.kind)) {
      throw this.error(`non executable command in pipeline stage ${stage + 1}`);
    }
    return { args };
  }

  private operand(): Arg {
    const base = this.term();
    if (this.peek().kind !== 'field') return base;
    const path: string[] = [];
    while (this.peek().kind === 'field') path.push(this.next().value.slice(1));
    if (base.kind === 'field') return { kind: 'field', path: [...base.path, ...path] };
    if (base.kind === 'variable') return { ...base, path: [...base.path, ...path] };
    if (base.kind === 'ident') return this.identChain(base.name, path);
    if (base.kind === 'pipe') return { kind: 'chain', base, path };
    throw this.error(`unexpected . after term`);
  }

  /** `strings.ToLower` names one function; `last_result.results` calls one, then walks. */
  private identChain(name: string, path: string[]): Arg {
    const [head, ...rest] = path;
    const dotted = `${name}.${head ?? ''}`;
    if (head !== undefined && this.isFunction(dotted)) {
      const ident: Arg = { kind: 'ident', name: dotted };
      return rest.length === 0 ? ident : { kind: 'chain', base: ident, path: rest };
    }
    if (!this.isFunction(name)) throw this.error(`function "${dotted}" not defined`);
    return { kind: 'chain', base: { kind: 'ident', name }, path };
  }

  private term(): Arg {
    const token = this.next();
    switch (token.kind) {
      case 'ident':
        if (!this.isFunction(token.value) && this.peek().kind !== 'field') {
          throw this.error(`function "${token.value}" not defined`);
        }
        return { kind: 'ident', name: token.value };
      case 'dot':
        return { kind: 'dot' };
      case 'nil':
        return { kind: 'nil' };
      case 'variable':
        if (!this.vars.includes(token.value))
          throw this.error(`undefined variable "${token.value}"`);
        return { kind: 'variable', name: token.value, path: [] };
      case 'field':
        return { kind: 'field', path: [token.value.slice(1)] };
      case 'bool':
        return { kind: 'literal', value: token.value === 'true' };
      case 'number':
        return { kind: 'literal', value: parseNumber(token.value) };
      case 'string':
        return { kind: 'literal', value: unquote(token.value) };
      case 'char':
        return { kind: 'literal', value: BigInt(unquote(token.value).codePointAt(0) ?? 0) };
      case 'lparen':
        return { kind: 'pipe', pipe: this.pipeline('parenthesized pipeline', 'rparen') };
      default:
        throw this.error(`unexpected ${describe(token)} in operand`);
    }
  }
}

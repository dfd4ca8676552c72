import { builtins } from './builtins.ts';
import type { TemplateFunction } from './functions/registry.ts';
import { TemplateError } from './errors.ts';
import type { Arg, Command, ControlNode, Node, Pipe, Tree } from './nodes.ts';
import { fieldOf, isRecord, isTrue, printAction, sortedEntries } from './values.ts';

export interface ExecOptions {
  /** The function a name calls; builtins answer the names it does not know. */
  readonly lookup: (name: string) => TemplateFunction | undefined;
  /** Wall-clock limit; checked between loop iterations and template calls. */
  readonly deadline: number;
  readonly limitMs: number;
}

const maxDepth = 1000;
const maxOutput = 4 * 1024 * 1024;
const noFinal = Symbol('no final argument');

/** `{{break}}` and `{{continue}}` unwind to their range as throws. */
class Break extends Error {}
class Continue extends Error {}

/** Executes a parsed template against `data`, as Go's text/template Execute does. */
export function execute(tree: Tree, data: unknown, options: ExecOptions): string {
  const state = new State(tree, options);
  state.vars.push({ name: '$', value: data });
  state.walkList(data, tree.root);
  return state.out.join('');
}

class State {
  readonly out: string[] = [];
  vars: { name: string; value: unknown }[] = [];
  private size = 0;
  private depth = 0;
  private steps = 0;

  constructor(
    private readonly tree: Tree,
    private readonly options: ExecOptions,
  ) {}

  walkList(dot: unknown, nodes: readonly Node[]): void {
    for (const node of nodes) this.walk(dot, node);
  }

  private walk(dot: unknown, node: Node): void {
    switch (node.kind) {
      case 'text':
        return this.write(node.text);
      case 'action': {
        const value = this.pipeline(dot, node.pipe);
        if (node.pipe.decl.length === 0) this.write(printAction(value));
        return;
      }
      case 'if':
      case 'with':
        return this.conditional(dot, node);
      case 'range':
        return this.range(dot, node);
      case 'template':
        return this.template(dot, node.name, node.pipe);
      case 'break':
        throw new Break();
      case 'continue':
        throw new Continue();
    }
  }

  private write(text: string): void {
    this.size += text.length;
    if (this.size > maxOutput)
      throw new TemplateError(`template output is larger than ${maxOutput} bytes`);
    this.out.push(text);
  }

  private conditional(dot: unknown, node: ControlNode): void {
    const mark = this.vars.length;
    const value = this.pipeline(dot, node.pipe);
    if (isTrue(value)) this.walkList(node.kind === 'with' ? value : dot, node.list);
    else if (node.elseList) this.walkList(dot, node.elseList);
    this.vars.length = mark;
  }

  private range(dot: unknown, node: ControlNode): void {
    const mark = this.vars.length;
    const value = this.pipeline(dot, node.pipe);
    const items = rangeItems(value);
    const inner = this.vars.length;
    if (items.length === 0) {
      if (node.elseList) this.walkList(dot, node.elseList);
      this.vars.length = mark;
      return;
    }
    for (const [key, element] of items) {
      this.tick();
      const [first, second] = node.pipe.decl;
      if (first !== undefined) this.setVar(first, second === undefined ? element : key);
      if (second !== undefined) this.setVar(second, element);
      try {
        this.walkList(element, node.list);
      } catch (signal) {
        if (signal instanceof Break) break;
        if (!(signal instanceof Continue)) throw signal;
      } finally {
        this.vars.length = inner;
      }
    }
    this.vars.length = mark;
  }

  /** Range variables are declared by the pipeline; each iteration sets them afresh. */
  private setVar(name: string, value: unknown): void {
    for (let i = this.vars.length - 1; i >= 0; i--) {
      const entry = this.vars[i];
      if (entry?.name === name) {
        entry.value = value;
        return;
      }
    }
    this.vars.push({ name, value });
  }

  private template(dot: unknown, name: string, pipe: Pipe | undefined): void {
    const body = this.tree.defines.get(name);
    if (!body) throw new TemplateError(`no such template "${name}"`);
    if (++this.depth > maxDepth)
      throw new TemplateError(`exceeded maximum template depth (${maxDepth})`);
    this.tick();
    const value = pipe ? this.pipeline(dot, pipe) : undefined;
    const saved = this.vars;
    this.vars = [{ name: '$', value }];
    try {
      this.walkList(value, body);
    } finally {
      this.vars = saved;
      this.depth--;
    }
  }

  private tick(): void {
    if (++this.steps % 256 === 0 && Date.now() > this.options.deadline) {
      throw new TemplateError(`template took longer than ${this.options.limitMs}ms`);
    }
  }

  private pipeline(dot: unknown, pipe: Pipe): unknown {
    let value: unknown = noFinal;
    for (const cmd of pipe.cmds) value = this.command(dot, cmd, value);
    if (pipe.isAssign) {
      for (const name of pipe.decl) this.setVar(name, value);
    } else if (pipe.decl.length === 1) {
      this.vars.push({ name: pipe.decl[0] ?? '', value });
    } else {
      for (const name of pipe.decl) this.vars.push({ name, value: undefined });
    }
    return value;
  }

  private command(dot: unknown, cmd: Command, final: unknown): unknown {
    const [first, ...rest] = cmd.args;
    if (first === undefined) throw new TemplateError('empty command');
    switch (first.kind) {
      case 'ident':
        return this.call(dot, first.name, rest, final);
      case 'field':
        this.noArgs(first.path.at(-1) ?? '', rest, final, true);
        return walkPath(dot, first.path);
      case 'variable':
        this.noArgs(first.name, rest, final, first.path.length > 0);
        return walkPath(this.variable(first.name), first.path);
      case 'chain': {
        this.noArgs(first.path.at(-1) ?? '', rest, final, true);
        return walkPath(this.arg(dot, first.base), first.path);
      }
      default:
        this.noArgs('', rest, final, false);
        return this.arg(dot, first);
    }
  }

  private noArgs(name: string, rest: readonly Arg[], final: unknown, isField: boolean): void {
    if (rest.length === 0 && final === noFinal) return;
    if (isField) throw new TemplateError(`${name} is not a method but has arguments`);
    throw new TemplateError("can't give argument to non-function");
  }

  private arg(dot: unknown, arg: Arg): unknown {
    switch (arg.kind) {
      case 'dot':
        return dot;
      case 'nil':
        return null;
      case 'literal':
        return arg.value;
      case 'field':
        return walkPath(dot, arg.path);
      case 'variable':
        return walkPath(this.variable(arg.name), arg.path);
      case 'ident':
        return this.call(dot, arg.name, [], noFinal);
      case 'pipe': {
        const mark = this.vars.length;
        const value = this.pipeline(dot, arg.pipe);
        this.vars.length = mark;
        return value;
      }
      case 'chain':
        return walkPath(this.arg(dot, arg.base), arg.path);
    }
  }

  private variable(name: string): unknown {
    for (let i = this.vars.length - 1; i >= 0; i--) {
      const entry = this.vars[i];
      if (entry?.name === name) return entry.value;
    }
    throw new TemplateError(`undefined variable: ${name}`);
  }

  private call(dot: unknown, name: string, argNodes: readonly Arg[], final: unknown): unknown {
    const finalArgs = final === noFinal ? [] : [final];
    if (name === 'and' || name === 'or') {
      return this.logic(dot, name, argNodes, finalArgs);
    }
    const fn = this.options.lookup(name) ?? builtins.get(name);
    if (!fn) throw new TemplateError(`"${name}" is not a defined function`);
    const args = [...argNodes.map((a) => this.arg(dot, a)), ...finalArgs];
    try {
      return fn(...args);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      throw new TemplateError(`error calling ${name}: ${message}`);
    }
  }

  /** `and`/`or` answer the first falsy/truthy argument, evaluating no further. */
  private logic(
    dot: unknown,
    name: string,
    argNodes: readonly Arg[],
    finalArgs: unknown[],
  ): unknown {
    const count = argNodes.length + finalArgs.length;
    if (count === 0)
      throw new TemplateError(`wrong number of args for ${name}: want at least 1 got 0`);
    let value: unknown;
    for (let i = 0; i < count; i++) {
      const node = argNodes[i];
      value = node === undefined ? finalArgs[0] : this.arg(dot, node);
      if (isTrue(value) === (name === 'or')) return value;
    }
    return value;
  }
}

function walkPath(value: unknown, path: readonly string[]): unknown {
  let current = value;
  for (const name of path) current = fieldOf(current, name);
  return current;
}

/** What `range` iterates: slice elements, map entries by sorted key, or 0..n-1 of an int. */
function rangeItems(value: unknown): [unknown, unknown][] {
  if (value === undefined || value === null) return [];
  if (Array.isArray(value)) return value.map((v, i) => [BigInt(i), v]);
  if (value instanceof Map || isRecord(value)) return sortedEntries(value);
  if (typeof value === 'bigint' || (typeof value === 'number' && Number.isInteger(value))) {
    return Array.from({ length: Math.max(0, Number(value)) }, (_, i) => [BigInt(i), BigInt(i)]);
  }
  throw new TemplateError(`range can't iterate over ${printAction(value)}`);
}

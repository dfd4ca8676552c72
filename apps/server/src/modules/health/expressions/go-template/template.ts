import { builtins } from './builtins.ts';
import { execute } from './exec.ts';
import { contextualDefaults, templateLibrary } from './functions/library.ts';
import type { TemplateFunction } from './functions/registry.ts';
import type { Delimiters } from './lexer.ts';
import type { Tree } from './nodes.ts';
import { parse } from './parser.ts';

export const goDelimiters: Delimiters = { left: '{{', right: '}}' };
/** canary-checker's second delimiter pair, for `$(var)` in connection fields. */
export const envDelimiters: Delimiters = { left: '$(', right: ')' };

export interface TemplateOptions {
  readonly delimiters?: Delimiters;
  /** Functions this render adds (contextual ones, or values as functions for `$(name)`). */
  readonly functions?: ReadonlyMap<string, TemplateFunction>;
  readonly limitMs?: number;
}

/** Templates are parsed once per source text; specs repeat the same few on every run. */
const compiled = new Map<string, Tree>();
const maxCached = 5000;
const defaultLimitMs = 1000;

function known(name: string, extra: ReadonlySet<string>): boolean {
  return (
    builtins.has(name) ||
    name === 'and' ||
    name === 'or' ||
    templateLibrary.has(name) ||
    contextualDefaults.has(name) ||
    extra.has(name)
  );
}

/** Parses `source` (throws TemplateError naming the line and what is wrong). */
export function compileTemplate(
  source: string,
  delimiters: Delimiters = goDelimiters,
  extraFunctions: Iterable<string> = [],
): Tree {
  const extra = new Set(extraFunctions);
  const key = `${delimiters.left}\0${delimiters.right}\0${[...extra].join(',')}\0${source}`;
  const cached = compiled.get(key);
  if (cached) return cached;
  const tree = parse(source, { delimiters, isFunction: (name) => known(name, extra) });
  if (compiled.size >= maxCached) compiled.clear();
  compiled.set(key, tree);
  return tree;
}

/** Checks a template's syntax and function names without rendering it. */
export function validateTemplate(source: string, options: TemplateOptions = {}): void {
  compileTemplate(source, options.delimiters, options.functions?.keys());
}

/** Renders a Go text/template with the gomplate-style function set. */
export function renderTemplate(
  source: string,
  data: unknown,
  options: TemplateOptions = {},
): string {
  if (!source.includes(options.delimiters?.left ?? goDelimiters.left)) return source;
  const tree = compileTemplate(source, options.delimiters, options.functions?.keys());
  const extra = options.functions;
  const lookup = (name: string) =>
    extra?.get(name) ?? templateLibrary.get(name) ?? contextualDefaults.get(name);
  const limitMs = options.limitMs ?? defaultLimitMs;
  return execute(tree, data, { lookup, deadline: Date.now() + limitMs, limitMs });
}

import { isMap, isSeq, parseDocument, type Document } from 'yaml';

/** A patch expression this server does not evaluate (the action fails naming it). */
export class PatchError extends Error {}

type Path = Array<string | number>;
type Step = { op: 'set'; path: Path; value: unknown } | { op: 'del'; path: Path };

const identifier = /^[A-Za-z_][\w-]*/;

/** `.a.b["c"][0]`, `."x.y"` → ['a', 'b', 'c', 0, 'x.y']; answers the path and the rest. */
function readPath(text: string): { path: Path; rest: string } {
  let rest = text.trimStart();
  if (!rest.startsWith('.')) throw new PatchError(`a path must start with "." at: ${rest}`);
  const path: Path = [];
  while (rest.startsWith('.') || rest.startsWith('[')) {
    if (rest.startsWith('.')) rest = rest.slice(1);
    if (rest.startsWith('"')) {
      const end = /^"((?:[^"\\]|\\.)*)"/.exec(rest);
      if (!end?.[0]) throw new PatchError(`unterminated key at: ${rest}`);
      path.push(String(JSON.parse(end[0])));
      rest = rest.slice(end[0].length);
    } else if (rest.startsWith('[')) {
      const index = /^\[\s*(-?\d+|"(?:[^"\\]|\\.)*")\s*\]/.exec(rest);
      if (!index?.[1])
        throw new PatchError(`only [number] or ["key"] indexes are supported at: ${rest}`);
      const parsed: unknown = JSON.parse(index[1]);
      path.push(typeof parsed === 'number' ? parsed : String(parsed));
      rest = rest.slice(index[0].length);
    } else {
      const key = identifier.exec(rest);
      if (!key) break;
      path.push(key[0]);
      rest = rest.slice(key[0].length);
    }
  }
  return { path, rest: rest.trimStart() };
}

/** Splits on `|` outside strings, so `"a|b"` stays whole. */
function pipeline(expression: string): string[] {
  const parts: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < expression.length; i += 1) {
    const char = expression[i] ?? '';
    if (char === '"' && expression[i - 1] !== '\\') quoted = !quoted;
    if (char === '|' && !quoted && expression[i + 1] !== '=') {
      parts.push(current);
      current = '';
      continue;
    }
    current += char;
  }
  parts.push(current);
  return parts.map((part) => part.trim()).filter((part) => part !== '');
}

/**
 * The subset of yq/jq that patches use: `path = value` (or `|=` with a literal), `del(path)`,
 * joined by `|`. Values are JSON literals (strings, numbers, booleans, null, objects, arrays).
 */
export function parsePatch(expression: string): Step[] {
  return pipeline(expression).map((part) => {
    const del = /^del\((.*)\)$/s.exec(part);
    if (del) return { op: 'del', path: readPath(del[1] ?? '').path };
    const { path, rest } = readPath(part);
    const assign = /^\|?=\s*(.*)$/s.exec(rest);
    if (!assign) throw new PatchError(`unsupported expression: ${part}`);
    try {
      const value: unknown = JSON.parse(assign[1] ?? '');
      return { op: 'set', path, value };
    } catch {
      throw new PatchError(`the value must be a JSON literal: ${assign[1] ?? ''}`);
    }
  });
}

function apply(document: Document, steps: readonly Step[]) {
  for (const step of steps) {
    if (step.op === 'del') document.deleteIn(step.path);
    else document.setIn(step.path, document.createNode(step.value));
  }
}

/** Applies the expression to a YAML (comments kept) or JSON text; answers the new text. */
export function patchText(text: string, expression: string, json: boolean): string {
  const steps = parsePatch(expression);
  const document = parseDocument(text);
  if (document.errors.length > 0) throw new PatchError(document.errors[0]?.message ?? 'bad YAML');
  if (!isMap(document.contents) && !isSeq(document.contents) && document.contents !== null) {
    throw new PatchError('the file is not a YAML or JSON object');
  }
  apply(document, steps);
  if (json) return `${JSON.stringify(document.toJS(), null, 2)}\n`;
  return document.toString();
}

import { createHash } from 'node:crypto';
import { JSONPath } from 'jsonpath-plus';
import { evaluateCel, evaluateJavascript, renderTemplate } from '../../health/index.ts';
import type { TransformSpec } from './transform.ts';

/** Time limit of one transform expression. */
const expressionLimitMs = 1000;

/**
 * `transform.expr` / `transform.javascript` / `transform.gotemplate`: the document becomes
 * what the script answers (a JSON text, or a value), as config-db does. No script leaves it.
 */
export function applyScript(transform: TransformSpec | undefined, document: unknown): unknown {
  if (transform?.expr) {
    return fromScript(evaluateCel(transform.expr, { config: document }, expressionLimitMs));
  }
  if (transform?.javascript) {
    return fromScript(
      evaluateJavascript(transform.javascript, { config: document }, expressionLimitMs),
    );
  }
  if (transform?.gotemplate) {
    const data = { config: document };
    return fromScript(renderTemplate(transform.gotemplate, data, { limitMs: expressionLimitMs }));
  }
  return document;
}

function fromScript(answer: unknown): unknown {
  if (typeof answer !== 'string') return answer;
  try {
    return JSON.parse(answer);
  } catch {
    throw new Error(`transform answered text that is not JSON: ${answer.slice(0, 80)}`);
  }
}

/** Removes `transform.exclude` paths from an item's config (those whose `types` match). */
export function applyExclusions(
  transform: TransformSpec | undefined,
  type: string,
  config: unknown,
): void {
  for (const rule of transform?.exclude ?? []) {
    if (rule.types && rule.types.length > 0 && !rule.types.includes(type)) continue;
    forEachMatch(config, rule.jsonpath, (parent, key) => {
      if (Array.isArray(parent) && typeof key === 'number') parent.splice(key, 1);
      else delete parent[key];
    });
  }
}

/** Replaces `transform.mask` paths with `value`, or with their md5 when value is `md5sum`. */
export function applyMasks(transform: TransformSpec | undefined, config: unknown): void {
  for (const rule of transform?.mask ?? []) {
    if (rule.selector && evaluateCel(rule.selector, { config }, expressionLimitMs) !== true) {
      continue;
    }
    forEachMatch(config, rule.jsonpath, (parent, key) => {
      const current = parent[key];
      parent[key] =
        rule.value === 'md5sum'
          ? createHash('md5')
              .update(typeof current === 'string' ? current : JSON.stringify(current))
              .digest('hex')
          : rule.value;
    });
  }
}

type Container = Record<string | number, unknown>;

/** Calls `change` for each match with its parent, deepest and last first (safe to splice). */
function forEachMatch(
  document: unknown,
  path: string,
  change: (parent: Container, key: string | number) => void,
): void {
  if (typeof document !== 'object' || document === null) return;
  const normalised = path.startsWith('$') ? path : path.startsWith('.') ? `$${path}` : `$.${path}`;
  const pointers: unknown = JSONPath({
    path: normalised,
    json: document,
    resultType: 'pointer',
    eval: 'safe',
  });
  if (!Array.isArray(pointers)) return;
  const found: unknown[] = pointers;
  for (const pointer of [...found].reverse()) {
    if (typeof pointer !== 'string' || pointer === '') continue;
    const steps = pointer.slice(1).split('/').map(unescape);
    const key = steps.pop();
    let parent: unknown = document;
    for (const step of steps) parent = isContainer(parent) ? parent[step] : undefined;
    if (key === undefined || !isContainer(parent)) continue;
    change(parent, Array.isArray(parent) ? Number(key) : key);
  }
}

function unescape(step: string): string {
  return step.replaceAll('~1', '/').replaceAll('~0', '~');
}

function isContainer(value: unknown): value is Container {
  return typeof value === 'object' && value !== null;
}

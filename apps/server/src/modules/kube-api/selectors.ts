import type { KubeObject } from './kube-object.ts';
import { KubeError } from './status.ts';

type Requirement = (labels: Record<string, string>) => boolean;

const setPattern = /^([\w./-]+)\s+(in|notin)\s+\(([^)]*)\)$/;
const comparePattern = /^([\w./-]+)\s*(==|=|!=)\s*([\w./-]*)$/;
const existsPattern = /^(!?)([\w./-]+)$/;

/** The label selector grammar kubectl sends: `a=b`, `a!=b`, `a in (x,y)`, `a notin (x)`, `a`, `!a`. */
export function parseLabelSelector(selector: string | undefined): Requirement[] {
  if (!selector || selector.trim() === '') return [];
  return splitRequirements(selector).map((part) => {
    const set = setPattern.exec(part);
    if (set) {
      const [, key = '', op, list = ''] = set;
      const values = new Set(list.split(',').map((v) => v.trim()));
      return op === 'in'
        ? (labels) => labels[key] !== undefined && values.has(labels[key])
        : (labels) => labels[key] === undefined || !values.has(labels[key]);
    }
    const compare = comparePattern.exec(part);
    if (compare) {
      const [, key = '', op, value = ''] = compare;
      return op === '!=' ? (labels) => labels[key] !== value : (labels) => labels[key] === value;
    }
    const exists = existsPattern.exec(part);
    if (exists) {
      const [, not, key = ''] = exists;
      return not ? (labels) => !(key in labels) : (labels) => key in labels;
    }
    throw new KubeError(400, 'BadRequest', `unable to parse requirement: ${part}`);
  });
}

/** Field selectors on the fields every object has: metadata.name and metadata.namespace. */
export function parseFieldSelector(
  selector: string | undefined,
): Array<(o: KubeObject) => boolean> {
  if (!selector || selector.trim() === '') return [];
  return selector.split(',').map((part) => {
    const match = /^\s*([\w.]+)\s*(==|=|!=)\s*(.*?)\s*$/.exec(part);
    const field = match?.[1];
    const read =
      field === 'metadata.name'
        ? (o: KubeObject) => o.metadata.name
        : field === 'metadata.namespace'
          ? (o: KubeObject) => o.metadata.namespace
          : undefined;
    if (!match || !read) {
      throw new KubeError(400, 'BadRequest', `field label not supported: ${field ?? part}`);
    }
    const value = match[3] ?? '';
    return match[2] === '!=' ? (o) => read(o) !== value : (o) => read(o) === value;
  });
}

export function matchesSelectors(
  object: KubeObject,
  labels: readonly Requirement[],
  fields: ReadonlyArray<(o: KubeObject) => boolean>,
): boolean {
  const own = object.metadata.labels ?? {};
  return labels.every((test) => test(own)) && fields.every((test) => test(object));
}

/** Commas separate requirements except inside a set's parentheses. */
function splitRequirements(selector: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const char of selector) {
    if (char === '(') depth += 1;
    if (char === ')') depth -= 1;
    if (char === ',' && depth === 0) {
      parts.push(current.trim());
      current = '';
    } else current += char;
  }
  parts.push(current.trim());
  return parts.filter((part) => part !== '');
}

import { createTwoFilesPatch } from 'diff';

/** What a rescrape changed in an item's document, in the forms a config change stores. */
export interface ConfigDiff {
  /** Unified diff of the normalised documents, pretty-printed with sorted keys. */
  readonly diff: string;
  /** JSON merge patch (RFC 7386) turning `before` into `after`. */
  readonly patch: unknown;
  /** The changed paths, dotted (`spec.replicas`, `spec.containers[0].image`). */
  readonly paths: readonly string[];
  /** A one-line summary naming the first changed paths. */
  readonly summary: string;
}

/** Paths named in the summary before "and N more". */
const summaryPaths = 5;

/** `before` and `after` are normalised documents (see canonical.ts). */
export function diffConfigs(before: unknown, after: unknown): ConfigDiff {
  const diff = createTwoFilesPatch(
    'before',
    'after',
    `${JSON.stringify(before, null, 2)}\n`,
    `${JSON.stringify(after, null, 2)}\n`,
    undefined,
    undefined,
    { context: 3 },
  );
  const paths: string[] = [];
  collectPaths(before, after, '', paths);
  return { diff, patch: mergePatch(before, after), paths, summary: summarise(paths) };
}

export function summarise(paths: readonly string[]): string {
  if (paths.length === 0) return 'no changes';
  const named = paths.slice(0, summaryPaths).join(', ');
  const more = paths.length - summaryPaths;
  return more > 0 ? `${named} and ${more} more` : named;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * RFC 7386: objects merge member by member, null removes a member, anything else (arrays
 * included) replaces the whole value. Answers undefined when nothing differs.
 */
export function mergePatch(before: unknown, after: unknown): unknown {
  if (!isObject(before) || !isObject(after)) return deepEqual(before, after) ? undefined : after;
  const patch: Record<string, unknown> = {};
  for (const key of Object.keys(before)) if (!(key in after)) patch[key] = null;
  for (const [key, value] of Object.entries(after)) {
    if (!(key in before)) {
      patch[key] = value;
      continue;
    }
    const inner = mergePatch(before[key], value);
    if (inner !== undefined) patch[key] = inner;
  }
  return Object.keys(patch).length === 0 ? undefined : patch;
}

/** Applies an RFC 7386 merge patch (used by tests and by readers replaying changes). */
export function applyMergePatch(target: unknown, patch: unknown): unknown {
  if (!isObject(patch)) return patch;
  const result: Record<string, unknown> = isObject(target) ? { ...target } : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete result[key];
    else result[key] = applyMergePatch(result[key], value);
  }
  return result;
}

function collectPaths(before: unknown, after: unknown, at: string, out: string[]): void {
  if (isObject(before) && isObject(after)) {
    const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
    for (const key of [...keys].sort()) {
      collectPaths(before[key], after[key], at === '' ? key : `${at}.${key}`, out);
    }
    return;
  }
  if (Array.isArray(before) && Array.isArray(after)) {
    const length = Math.max(before.length, after.length);
    for (let i = 0; i < length; i++) {
      collectPaths(before[i], after[i], `${at}[${i}]`, out);
    }
    return;
  }
  if (!deepEqual(before, after)) out.push(at === '' ? '$' : at);
}

function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  return JSON.stringify(a) === JSON.stringify(b);
}

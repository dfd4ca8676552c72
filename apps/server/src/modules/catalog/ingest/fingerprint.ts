import { createHash } from 'node:crypto';

/**
 * A change's fingerprint: its type, summary and details (or patches) with the values that
 * differ between repeats of one event masked, so that repeats share it. Masks and ignored
 * paths follow config-db's change fingerprint.
 */
export interface FingerprintInput {
  readonly changeType: string;
  readonly summary?: string;
  readonly details?: unknown;
  readonly patches?: unknown;
}

const ignoredPrefixes = [
  'metadata.managedFields',
  'metadata.resourceVersion',
  'metadata.generation',
  'metadata.uid',
  'metadata.creationTimestamp',
  'metadata.annotations.kubectl.kubernetes.io/last-applied-configuration',
  'metadata.annotations.control-plane.alpha.kubernetes.io/leader',
];

/** Keys whose values are volatile wherever they appear. */
const volatileKeys = new Set([
  'resourceVersion',
  'uid',
  'timestamp',
  'firstTimestamp',
  'lastTimestamp',
  'eventTime',
  'creationTimestamp',
  'count',
]);

const masks: ReadonlyArray<readonly [RegExp, string]> = [
  [/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, 'UUID'],
  [/\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:?\d{2})?/g, 'TIMESTAMP'],
  [/\b[0-9a-f]{64}\b/gi, 'SHA256'],
  [/\b[0-9a-f]{16,40}\b/gi, 'HEX'],
  [/\b\d+(\.\d+)?(ns|us|µs|ms|s|m|h|d)\b/g, 'DURATION'],
  [/^\d+$/, 'NUMBER'],
];

export function maskVolatile(text: string): string {
  let out = text;
  for (const [pattern, token] of masks) out = out.replace(pattern, token);
  return out;
}

export function fingerprintChange(change: FingerprintInput): string {
  const flat: Array<[string, string]> = [];
  flatten(change.patches ?? change.details ?? null, '', flat);
  flat.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const hash = createHash('sha256');
  hash
    .update(change.changeType)
    .update('\0')
    .update(maskVolatile(change.summary ?? ''));
  for (const [path, value] of flat) hash.update('\0').update(path).update('=').update(value);
  return hash.digest('base64url');
}

function flatten(value: unknown, at: string, out: Array<[string, string]>): void {
  if (ignoredPrefixes.some((prefix) => at === prefix || at.startsWith(`${prefix}.`))) return;
  if (Array.isArray(value)) {
    value.forEach((entry: unknown, i) => flatten(entry, `${at}.${i}`, out));
    return;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, entry] of Object.entries(value)) {
      const path = at === '' ? key : `${at}.${key}`;
      if (volatileKeys.has(key)) out.push([path, 'MASKED']);
      else flatten(entry, path, out);
    }
    return;
  }
  if (typeof value === 'number') out.push([at, '0']);
  else if (typeof value === 'string') out.push([at, maskVolatile(value)]);
  else out.push([at, String(value)]);
}

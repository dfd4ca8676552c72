import { gunzipSync } from 'node:zlib';
import { z } from 'zod';
import { CheckConfigError } from './env-var.ts';

const release = z.object({
  config: z.record(z.string(), z.unknown()).nullish(),
  chart: z.object({ values: z.record(z.string(), z.unknown()).nullish() }).nullish(),
});

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Helm's merge of user values over the chart's defaults (`helm get values --all`). */
function overlay(base: unknown, top: unknown): unknown {
  if (!isPlainObject(base) || !isPlainObject(top)) return top === undefined ? base : top;
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(top)) merged[key] = overlay(base[key], value);
  return merged;
}

/**
 * The values of a Helm release from its Secret's `data.release`: base64 as the API returns
 * it, inside that Helm's own base64, inside that gzip, inside that the release JSON.
 */
export function decodeHelmRelease(secretData: string): unknown {
  let json: unknown;
  try {
    const helmText = Buffer.from(secretData, 'base64').toString('utf8');
    let bytes = Buffer.from(helmText, 'base64');
    if (bytes[0] === 0x1f && bytes[1] === 0x8b) bytes = gunzipSync(bytes);
    json = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw new CheckConfigError('the Helm release secret does not hold a Helm release');
  }
  const parsed = release.safeParse(json);
  if (!parsed.success)
    throw new CheckConfigError('the Helm release secret does not hold a Helm release');
  return overlay(parsed.data.chart?.values ?? {}, parsed.data.config ?? {});
}

/** A value at a JSONPath-like key (`.ingress.hosts[0].host`), as text. */
export function valueAtPath(values: unknown, key: string): string | undefined {
  const steps = key.match(/[^.[\]]+|\[\d+\]/g) ?? [];
  let at: unknown = values;
  for (const step of steps) {
    const index = /^\[(\d+)\]$/.exec(step);
    if (index) at = Array.isArray(at) ? at[Number(index[1])] : undefined;
    else at = isPlainObject(at) ? at[step] : undefined;
    if (at === undefined || at === null) return undefined;
  }
  if (typeof at === 'string') return at;
  return typeof at === 'number' || typeof at === 'boolean' ? String(at) : JSON.stringify(at);
}

/** The secret holding a release's newest revision, from the names of its secrets. */
export function newestReleaseSecret(
  name: string,
  secretNames: readonly string[],
): string | undefined {
  const prefix = `sh.helm.release.v1.${name}.v`;
  let best: { revision: number; secret: string } | undefined;
  for (const secret of secretNames) {
    if (!secret.startsWith(prefix)) continue;
    const revision = Number(secret.slice(prefix.length));
    if (Number.isInteger(revision) && (!best || revision > best.revision))
      best = { revision, secret };
  }
  return best?.secret;
}

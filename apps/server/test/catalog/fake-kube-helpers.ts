import type { KubeFixture } from './fake-kube-api.ts';

/** The kubelet's answer: lines since `sinceSeconds`, the last `tailLines`, times if asked. */
export function podLogText(text: string, params: URLSearchParams): string {
  const since = Number(params.get('sinceSeconds') ?? '0');
  const tail = Number(params.get('tailLines') ?? '0');
  let lines = text.split('\n').filter((line) => line !== '');
  if (since > 0) {
    const cutoff = Date.now() - since * 1000;
    lines = lines.filter((line) => Date.parse(line.split(' ')[0] ?? '') >= cutoff);
  }
  if (tail > 0) lines = lines.slice(-tail);
  if (params.get('timestamps') !== 'true') lines = lines.map((line) => line.replace(/^\S+ /, ''));
  return lines.map((line) => `${line}\n`).join('');
}

/** Equality terms only (`a=b`, `a==b`, `a!=b`): what the scrapers send. */
export function matches(
  object: KubeFixture,
  fields: string | null,
  labels: string | null,
): boolean {
  const labelSet = object.metadata.labels ?? {};
  const fieldSet: Record<string, string | undefined> = {
    'metadata.name': object.metadata.name,
    'metadata.namespace': object.metadata.namespace,
  };
  const check = (selector: string | null, values: Record<string, string | undefined>) =>
    (selector ?? '')
      .split(',')
      .filter((term) => term.trim() !== '')
      .every((term) => {
        const pair = /^([\w./-]+)\s*(==|=|!=)\s*(.*)$/.exec(term.trim());
        if (!pair) throw new Error(`unsupported selector term ${term}`);
        const equal = values[pair[1] ?? ''] === pair[3];
        return pair[2] === '!=' ? !equal : equal;
      });
  return check(fields, fieldSet) && check(labels, labelSet);
}

export function parseBody(text: string): unknown {
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed;
  } catch {
    return text;
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** RFC 7386: objects merge key by key, null removes, anything else replaces. */
export function mergePatch(target: unknown, patch: unknown): unknown {
  if (!isRecord(patch)) return patch;
  const out: Record<string, unknown> = isRecord(target) ? { ...target } : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete out[key];
    else out[key] = mergePatch(out[key], value);
  }
  return out;
}

export function status(code: number, message: string) {
  return { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message, code };
}

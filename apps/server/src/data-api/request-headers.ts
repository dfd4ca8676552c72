import { pgrst } from './postgrest-errors.ts';

export interface Preferences {
  readonly representation: boolean;
  readonly count: boolean;
  readonly resolution?: 'merge' | 'ignore';
  readonly missingDefault: boolean;
}

/** Prefer: return=representation, count=exact, resolution=merge-duplicates, missing=default */
export function parsePrefer(header: string | string[] | undefined): Preferences {
  const values = new Map<string, string>();
  const joined = Array.isArray(header) ? header.join(',') : (header ?? '');
  for (const part of joined.split(',')) {
    const [key, value] = part.trim().split('=');
    if (key && value) values.set(key.trim(), value.trim());
  }
  const resolution = values.get('resolution');
  const count = values.get('count');
  return {
    representation: values.get('return') === 'representation',
    count: count === 'exact' || count === 'planned' || count === 'estimated',
    missingDefault: values.get('missing') === 'default',
    ...(resolution === 'merge-duplicates' ? { resolution: 'merge' as const } : {}),
    ...(resolution === 'ignore-duplicates' ? { resolution: 'ignore' as const } : {}),
  };
}

export interface RangeHeader {
  readonly offset: number;
  readonly limit?: number;
}

/** Range: 0-24 (Range-Unit: items), as PostgREST reads it; a malformed one is a 416. */
export function parseRange(header: string | string[] | undefined): RangeHeader | undefined {
  if (header === undefined) return undefined;
  const value = (Array.isArray(header) ? header[0] : header)?.trim() ?? '';
  const match = /^(?:items=)?(\d{1,12})-(\d{0,12})$/.exec(value);
  if (!match) throw pgrst.range(`Invalid Range header "${value.slice(0, 100)}"`);
  const start = Number(match[1]);
  if (!match[2]) return { offset: start };
  const end = Number(match[2]);
  if (end < start) throw pgrst.range(`The range end ${end} is before its start ${start}`);
  return { offset: start, limit: end - start + 1 };
}

export function wantsSingular(accept: string | string[] | undefined): boolean {
  const joined = Array.isArray(accept) ? accept.join(',') : (accept ?? '');
  return joined.includes('application/vnd.pgrst.object+json');
}

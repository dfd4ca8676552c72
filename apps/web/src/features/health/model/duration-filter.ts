export const durationFilterMessage = 'duration is allowed only in milli seconds & seconds';

/** A custom duration filter: a number with ms or s (e.g. 250ms, 2s) → milliseconds; else an error. */
export function parseDurationFilter(raw: string): { ms: number | null } | { error: string } {
  const text = raw.trim();
  if (text === '') return { ms: null };
  const match = /^(\d+(?:\.\d+)?)(ms|s)$/.exec(text);
  if (!match) return { error: durationFilterMessage };
  const value = Number(match[1]);
  return { ms: match[2] === 's' ? Math.round(value * 1000) : Math.round(value) };
}

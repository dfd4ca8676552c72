/**
 * GETs a route loader starts at navigation, before the page's code and the session check
 * have loaded; the page's first request for the same URL takes the answer instead of asking
 * again. Unclaimed answers expire, so a later visit never sees old data.
 */
const early = new Map<string, { response: Promise<Response>; at: number }>();
const maxAgeMs = 10_000;

export function startEarlyGet(url: string): void {
  const now = Date.now();
  for (const [key, entry] of early) if (now - entry.at > maxAgeMs) early.delete(key);
  if (early.has(url)) return;
  const response = fetch(url, {
    headers: { Accept: 'application/json' },
    credentials: 'same-origin',
  });
  // A failure surfaces when the page takes it; until then it must not be "unhandled".
  response.catch(() => undefined);
  early.set(url, { response, at: now });
}

/** The early answer for `url`, once; undefined when none was started or it is too old. */
export function takeEarlyGet(url: string): Promise<Response> | undefined {
  const entry = early.get(url);
  early.delete(url);
  if (entry === undefined || Date.now() - entry.at > maxAgeMs) return undefined;
  return entry.response;
}

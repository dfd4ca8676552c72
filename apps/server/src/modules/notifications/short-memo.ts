/**
 * Shares one answer per key for `ms`. Failures are not kept, so a missing connection that is
 * then created is found on the next attempt.
 */
export function memoize<T>(
  load: (key: string) => Promise<T>,
  ms: number,
): (key: string) => Promise<T> {
  const entries = new Map<string, { at: number; value: Promise<T> }>();
  return (key) => {
    const now = Date.now();
    const hit = entries.get(key);
    if (hit && now - hit.at < ms) return hit.value;
    if (entries.size > 1000) entries.clear();
    const value = load(key);
    entries.set(key, { at: now, value });
    value.catch(() => entries.delete(key));
    return value;
  };
}

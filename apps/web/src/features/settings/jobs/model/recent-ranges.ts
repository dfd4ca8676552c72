import { z } from 'zod';

export interface AbsoluteRange {
  from: string;
  to: string;
}

/** Spec 002 §9: the last 4 absolute ranges, newest first, de-duplicated. */
export const recentRangesLimit = 4;
export const recentRangesKey = 'vigil.jobs.recent-absolute-ranges';

const storedSchema = z.array(z.object({ from: z.string(), to: z.string() })).catch([]);

/** The remembered ranges; storage that is missing, blocked or garbled reads as none. */
export function readRecentRanges(storage: Storage | undefined = safeStorage()): AbsoluteRange[] {
  try {
    const raw = storage?.getItem(recentRangesKey);
    if (raw === null || raw === undefined) return [];
    return storedSchema.parse(JSON.parse(raw)).slice(0, recentRangesLimit);
  } catch {
    return [];
  }
}

export function rememberRange(
  range: AbsoluteRange,
  storage: Storage | undefined = safeStorage(),
): AbsoluteRange[] {
  const others = readRecentRanges(storage).filter(
    (kept) => kept.from !== range.from || kept.to !== range.to,
  );
  const next = [range, ...others].slice(0, recentRangesLimit);
  try {
    storage?.setItem(recentRangesKey, JSON.stringify(next));
  } catch {
    // A full or blocked storage only loses the list.
  }
  return next;
}

function safeStorage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

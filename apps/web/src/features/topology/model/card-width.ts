import { useCallback, useSyncExternalStore } from 'react';

/** Spec 001 §2 and §9: the card width slider and the size map's presets. */
export const cardWidthMin = 250;
export const cardWidthMax = 768;
export const cardWidthStep = 2;
export const cardWidthKey = 'topology_card_width';

export const cardSizes = {
  small: 198,
  medium: 258,
  large: 356,
  extra_large: 554,
} as const;

export type CardSize = keyof typeof cardSizes;
export const defaultCardWidth = cardSizes.large;

function isCardSize(value: string): value is CardSize {
  return Object.hasOwn(cardSizes, value);
}

/** A size name or a width in px (`?size=` of the standalone view), else undefined. */
export function widthFromSize(size: string | null | undefined): number | undefined {
  if (size === null || size === undefined || size === '') return undefined;
  if (isCardSize(size)) return cardSizes[size];
  const px = Number.parseInt(size, 10);
  return Number.isFinite(px) && px > 0 ? px : undefined;
}

export function clampCardWidth(width: number): number {
  const stepped = Math.round(width / cardWidthStep) * cardWidthStep;
  // The small preset (198 px) sits below the slider's range; it is still a valid width.
  return Math.min(cardWidthMax, Math.max(cardSizes.small, stepped));
}

const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function readWidth(): number {
  try {
    const stored = Number(window.localStorage.getItem(cardWidthKey));
    return stored > 0 ? clampCardWidth(stored) : defaultCardWidth;
  } catch {
    return defaultCardWidth;
  }
}

/** The card width kept in this browser as topology_card_width. */
export function useCardWidth(): readonly [number, (width: number) => void] {
  const width = useSyncExternalStore(subscribe, readWidth, () => defaultCardWidth);
  const set = useCallback((next: number) => {
    try {
      window.localStorage.setItem(cardWidthKey, String(clampCardWidth(next)));
    } catch {
      // Storage refused (private mode): the width lasts until the next render.
    }
    for (const listener of listeners) listener();
  }, []);
  return [width, set];
}

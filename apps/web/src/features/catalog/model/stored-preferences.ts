import { useCallback, useMemo, useSyncExternalStore } from 'react';

/** A yes/no preference kept in this browser (spec 001 §2: 'Hide Deleted Catalog', default yes). */
export type BooleanPreference = readonly [boolean, (value: boolean) => void];

const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function read(key: string): boolean {
  try {
    return window.localStorage.getItem(key) !== 'no';
  } catch {
    return true;
  }
}

export function useYesNoPreference(key: string): BooleanPreference {
  const value = useSyncExternalStore(
    subscribe,
    () => read(key),
    () => true,
  );
  const set = useCallback(
    (next: boolean) => {
      try {
        window.localStorage.setItem(key, next ? 'yes' : 'no');
      } catch {
        // Storage refused (private mode): the choice lasts for this render only.
      }
      for (const listener of listeners) listener();
    },
    [key],
  );
  return [value, set];
}

/** A list of strings kept in this browser, e.g. the pinned config types. */
export function useStoredList(
  key: string,
): readonly [readonly string[], (next: readonly string[]) => void] {
  const raw = useSyncExternalStore(
    subscribe,
    () => readRaw(key),
    () => null,
  );
  const list = useMemo(() => parseList(raw), [raw]);
  const set = useCallback(
    (next: readonly string[]) => {
      try {
        window.localStorage.setItem(key, JSON.stringify(next));
      } catch {
        // Storage refused (private mode): the pin lasts for this render only.
      }
      for (const listener of listeners) listener();
    },
    [key],
  );
  return [list, set];
}

function readRaw(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function parseList(raw: string | null): readonly string[] {
  if (raw === null) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter((item) => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

export const favouriteTypesKey = 'vigil.catalog.favouriteTypes';
export const hideDeletedCatalogKey = 'vigil.catalog.hideDeleted';
export const hideDeletedChangesKey = 'vigil.catalog.hideDeletedChanges';

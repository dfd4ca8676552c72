import { useCallback, useSyncExternalStore } from 'react';

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

export const hideDeletedCatalogKey = 'vigil.catalog.hideDeleted';
export const hideDeletedChangesKey = 'vigil.catalog.hideDeletedChanges';

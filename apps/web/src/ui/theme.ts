import { useEffect, useSyncExternalStore } from 'react';

export type ThemePreference = 'light' | 'dark' | 'system';
export type ResolvedTheme = 'light' | 'dark';

const lastUsedKey = 'vigil.theme.last';
const darkQuery = '(prefers-color-scheme: dark)';

/** The preference is kept per user on this browser. */
export function themeStorageKey(userId: string): string {
  return `vigil.theme.${userId}`;
}

function parsePreference(value: string | null): ThemePreference | undefined {
  return value === 'light' || value === 'dark' || value === 'system' ? value : undefined;
}

function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeStorage(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Storage can be unavailable (private mode); the theme still applies for this visit.
  }
}

function systemPrefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(darkQuery).matches;
}

let preference: ThemePreference = parsePreference(readStorage(lastUsedKey)) ?? 'system';
let resolved: ResolvedTheme = 'light';
const listeners = new Set<() => void>();

function apply(): void {
  resolved = preference === 'system' ? (systemPrefersDark() ? 'dark' : 'light') : preference;
  const root = document.documentElement;
  root.classList.toggle('dark', resolved === 'dark');
  root.dataset.theme = resolved;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Applies the last-used preference before the first render, so that nothing flashes. */
export function applyInitialTheme(): void {
  apply();
  if (typeof window.matchMedia !== 'function') return;
  window.matchMedia(darkQuery).addEventListener('change', () => {
    if (preference === 'system') apply();
  });
}

/** Loads the signed-in user's own preference. */
export function useUserTheme(userId: string | undefined): void {
  useEffect(() => {
    if (userId === undefined) return;
    const stored = parsePreference(readStorage(themeStorageKey(userId)));
    if (stored === undefined || stored === preference) return;
    preference = stored;
    writeStorage(lastUsedKey, stored);
    apply();
  }, [userId]);
}

export function setThemePreference(next: ThemePreference, userId: string | undefined): void {
  preference = next;
  if (userId !== undefined) writeStorage(themeStorageKey(userId), next);
  writeStorage(lastUsedKey, next);
  apply();
}

export function useThemePreference(): ThemePreference {
  return useSyncExternalStore(subscribe, () => preference);
}

export function useResolvedTheme(): ResolvedTheme {
  return useSyncExternalStore(subscribe, () => resolved);
}

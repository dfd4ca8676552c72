import { useCallback, useEffect, useState, useSyncExternalStore, type RefObject } from 'react';

export const sidebarStorageKey = 'vigil.sidebar.collapsed';
/** Below this width the sidebar starts collapsed to icons (docs/ui.md). */
export const narrowViewportWidth = 1280;

function readCollapsed(): boolean {
  try {
    return window.localStorage.getItem(sidebarStorageKey) === 'true';
  } catch {
    return false;
  }
}

function subscribeNarrow(listener: () => void): () => void {
  window.addEventListener('resize', listener);
  return () => window.removeEventListener('resize', listener);
}

function isNarrow(): boolean {
  return window.innerWidth < narrowViewportWidth;
}

export function useNarrowViewport(): boolean {
  return useSyncExternalStore(subscribeNarrow, isNarrow);
}

/**
 * On wide windows the collapsed state survives reloads; on narrow ones the sidebar starts
 * as icons and opens for this visit only, so a narrow window never inherits an open sidebar.
 */
export function useSidebarCollapsed(): [boolean, (collapsed: boolean) => void] {
  const narrow = useNarrowViewport();
  const [storedCollapsed, setStoredCollapsed] = useState(readCollapsed);
  const [narrowOpen, setNarrowOpen] = useState(false);
  const setCollapsed = useCallback(
    (next: boolean) => {
      if (narrow) {
        setNarrowOpen(!next);
        return;
      }
      setStoredCollapsed(next);
      try {
        window.localStorage.setItem(sidebarStorageKey, String(next));
      } catch {
        // Storage can be unavailable (private mode); the state still works for this visit.
      }
    },
    [narrow],
  );
  return [narrow ? !narrowOpen : storedCollapsed, setCollapsed];
}

/** On narrow windows the open sidebar covers content, so a click elsewhere closes it. */
export function useCollapseOnOutsideClick(
  ref: RefObject<HTMLElement | null>,
  collapsed: boolean,
  setCollapsed: (collapsed: boolean) => void,
): void {
  useEffect(() => {
    if (collapsed) return;
    const onPointerDown = (event: MouseEvent): void => {
      if (!isNarrow()) return;
      const target = event.target;
      if (target instanceof Node && ref.current?.contains(target) === true) return;
      setCollapsed(true);
    };
    document.addEventListener('mousedown', onPointerDown);
    return () => document.removeEventListener('mousedown', onPointerDown);
  }, [ref, collapsed, setCollapsed]);
}

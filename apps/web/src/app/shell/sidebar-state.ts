import { useCallback, useEffect, useState, type RefObject } from 'react';

export const sidebarStorageKey = 'vigil.sidebar.collapsed';
export const narrowViewportWidth = 1024;

function readCollapsed(): boolean {
  try {
    return window.localStorage.getItem(sidebarStorageKey) === 'true';
  } catch {
    return false;
  }
}

/** Collapsed state that survives reloads. */
export function useSidebarCollapsed(): [boolean, (collapsed: boolean) => void] {
  const [collapsed, setCollapsedState] = useState(readCollapsed);
  const setCollapsed = useCallback((next: boolean) => {
    setCollapsedState(next);
    try {
      window.localStorage.setItem(sidebarStorageKey, String(next));
    } catch {
      // Storage can be unavailable (private mode); the state still works for this visit.
    }
  }, []);
  return [collapsed, setCollapsed];
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
      if (window.innerWidth >= narrowViewportWidth) return;
      const target = event.target;
      if (target instanceof Node && ref.current?.contains(target) === true) return;
      setCollapsed(true);
    };
    document.addEventListener('mousedown', onPointerDown);
    return () => document.removeEventListener('mousedown', onPointerDown);
  }, [ref, collapsed, setCollapsed]);
}

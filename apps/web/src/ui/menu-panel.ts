import { useEffect, useRef } from 'react';
import { cx, focusRing } from './class-names.ts';

/** A row of a top-bar dropdown: a link or a button, full width. */
export const menuItemClassName = cx(
  'flex w-full items-center gap-2 rounded px-2 py-1.5 text-left text-sm text-fg hover:bg-surface-muted disabled:opacity-50',
  focusRing,
);

/** The floating panel of a top-bar dropdown, under its trigger at the right. */
export const menuPanelClassName =
  'absolute right-0 z-20 mt-1 space-y-1 rounded-md border border-border bg-surface p-2 shadow-lg';

/** Closes an open dropdown on a click outside it or on Escape; put the ref on its wrapper. */
export function useDismiss(open: boolean, close: () => void) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const onMouseDown = (event: MouseEvent): void => {
      if (event.target instanceof Node && ref.current?.contains(event.target) === true) return;
      close();
    };
    const onKeyDown = (event: KeyboardEvent): void => {
      if (event.key === 'Escape') close();
    };
    document.addEventListener('mousedown', onMouseDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('mousedown', onMouseDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open, close]);
  return ref;
}

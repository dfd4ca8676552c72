import { MoreVertical } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/ui/button.tsx';
import { cx, focusRing } from '@/ui/class-names.ts';

export type MenuAction =
  | { kind: 'link'; label: string; to: string; icon: ReactNode }
  | { kind: 'button'; label: string; onSelect: () => void; icon: ReactNode };

const itemClass = cx(
  'flex w-full items-center gap-2 rounded px-2 py-1.5 text-left text-sm hover:bg-surface-muted',
  focusRing,
);

/** Arrow keys move between the open menu's items, wrapping at the ends. */
function moveFocus(event: KeyboardEvent): void {
  const current = document.activeElement;
  const items = [
    ...(current?.closest('[role="menu"]')?.querySelectorAll<HTMLElement>('[role="menuitem"]') ??
      []),
  ];
  const at = items.findIndex((item) => item === current);
  if (at < 0) return;
  event.preventDefault();
  const step = event.key === 'ArrowDown' ? 1 : -1;
  items[(at + step + items.length) % items.length]?.focus();
}

/** A ⋮ button that opens the component's actions; Escape or a click outside closes it. */
export function ActionsMenu({ label, actions }: { label: string; actions: readonly MenuAction[] }) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const menuId = useId();
  useEffect(() => {
    if (!open) return;
    menu.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const onPointer = (event: PointerEvent): void => {
      if (event.target instanceof Node && root.current?.contains(event.target) === false) {
        setOpen(false);
      }
    };
    const onKey = (event: KeyboardEvent): void => {
      if (event.key === 'Escape') {
        setOpen(false);
        root.current?.querySelector<HTMLElement>('button[aria-haspopup]')?.focus();
      }
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') moveFocus(event);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
  if (actions.length === 0) return null;
  return (
    <div ref={root} className="relative">
      <Button
        variant="ghost"
        size="icon"
        label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen(!open)}
      >
        <MoreVertical aria-hidden="true" className="size-4" />
      </Button>
      {open && (
        <div
          ref={menu}
          id={menuId}
          role="menu"
          aria-label={label}
          className="absolute top-full right-0 z-30 mt-1 w-52 rounded-md border border-border bg-surface p-1 shadow-lg"
        >
          {actions.map((action) =>
            action.kind === 'link' ? (
              <Link
                key={action.label}
                role="menuitem"
                to={action.to}
                className={itemClass}
                onClick={() => setOpen(false)}
              >
                {action.icon}
                {action.label}
              </Link>
            ) : (
              <button
                key={action.label}
                type="button"
                role="menuitem"
                className={itemClass}
                onClick={() => {
                  setOpen(false);
                  action.onSelect();
                }}
              >
                {action.icon}
                {action.label}
              </button>
            ),
          )}
        </div>
      )}
    </div>
  );
}

import { useEffect, useId, useRef, useState, type ReactElement, type ReactNode } from 'react';

export interface HoverCardProps {
  /** What the card says; it repeats what a click on the trigger opens, so it is never needed. */
  card: ReactNode;
  /** Milliseconds the pointer rests on the trigger before the card shows (spec 002 §9: 1 s). */
  delayMs?: number;
  children: ReactElement;
}

/**
 * A card shown after the pointer rests on its trigger, and gone when it leaves. It takes no
 * pointer events, so it never covers a control a click is meant for.
 */
export function HoverCard({ card, delayMs = 1000, children }: HoverCardProps) {
  const [shown, setShown] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const id = useId();
  const cancel = () => clearTimeout(timer.current);
  useEffect(() => cancel, []);
  return (
    <span
      className="relative min-w-0 flex-1"
      onPointerEnter={() => {
        cancel();
        timer.current = setTimeout(() => setShown(true), delayMs);
      }}
      onPointerLeave={() => {
        cancel();
        setShown(false);
      }}
      aria-describedby={shown ? id : undefined}
    >
      {children}
      {shown && (
        <span
          id={id}
          role="tooltip"
          className="pointer-events-none absolute top-full left-0 z-20 mt-1 block w-64 rounded-md border border-border bg-surface p-2 text-xs shadow-lg"
        >
          {card}
        </span>
      )}
    </span>
  );
}

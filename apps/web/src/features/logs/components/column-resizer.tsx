import type { KeyboardEvent, PointerEvent } from 'react';
import { cx, focusRing } from '@/ui/class-names.ts';

export interface ColumnResizerProps {
  label: string;
  size: number;
  onResize: (size: number) => void;
}

/** A drag handle on a header's edge; arrow keys resize it by 16 px for keyboard users. */
export function ColumnResizer({ label, size, onResize }: ColumnResizerProps) {
  const onPointerDown = (event: PointerEvent<HTMLDivElement>): void => {
    const startX = event.clientX;
    const handle = event.currentTarget;
    handle.setPointerCapture(event.pointerId);
    const move = (moved: globalThis.PointerEvent): void => onResize(size + moved.clientX - startX);
    const up = (): void => {
      handle.removeEventListener('pointermove', move);
      handle.removeEventListener('pointerup', up);
    };
    handle.addEventListener('pointermove', move);
    handle.addEventListener('pointerup', up);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    if (event.key === 'ArrowLeft') onResize(size - 16);
    else if (event.key === 'ArrowRight') onResize(size + 16);
    else return;
    event.preventDefault();
  };
  return (
    <div
      role="separator"
      aria-orientation="vertical"
      aria-label={`Resize ${label}`}
      aria-valuenow={size}
      tabIndex={0}
      onPointerDown={onPointerDown}
      onKeyDown={onKeyDown}
      className={cx(
        'absolute top-0 right-0 h-full w-1.5 cursor-col-resize touch-none select-none hover:bg-accent/40',
        focusRing,
      )}
    />
  );
}

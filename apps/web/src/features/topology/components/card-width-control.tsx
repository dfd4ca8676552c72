import { useId } from 'react';
import { cx, focusRing } from '@/ui/class-names.ts';
import {
  cardSizes,
  cardWidthMax,
  cardWidthMin,
  cardWidthStep,
  type CardSize,
} from '../model/card-width.ts';

const presets: ReadonlyArray<{ size: CardSize; short: string; name: string }> = [
  { size: 'small', short: 'S', name: 'Small' },
  { size: 'medium', short: 'M', name: 'Medium' },
  { size: 'large', short: 'L', name: 'Large' },
  { size: 'extra_large', short: 'XL', name: 'Extra large' },
];

/** Spec 001 §2: a width slider (250–768 px, step 2) and the size map's presets. */
export function CardWidthControl({
  width,
  onChange,
}: {
  width: number;
  onChange: (width: number) => void;
}) {
  const sliderId = useId();
  return (
    <div className="flex items-center gap-2 text-sm">
      <label htmlFor={sliderId} className="whitespace-nowrap text-fg-muted">
        Card width
      </label>
      <input
        id={sliderId}
        type="range"
        min={cardWidthMin}
        max={cardWidthMax}
        step={cardWidthStep}
        value={Math.max(cardWidthMin, width)}
        aria-valuetext={`${width} px`}
        onChange={(event) => onChange(Number(event.target.value))}
        className={cx('w-28 accent-accent', focusRing)}
      />
      <div role="group" aria-label="Card size" className="flex gap-0.5">
        {presets.map(({ size, short, name }) => {
          const px = cardSizes[size];
          return (
            <button
              key={size}
              type="button"
              aria-pressed={width === px}
              aria-label={`${name} cards (${px} px)`}
              title={`${px} px`}
              onClick={() => onChange(px)}
              className={cx(
                'h-7 min-w-7 rounded border px-1 text-xs',
                width === px
                  ? 'border-accent bg-accent text-accent-fg'
                  : 'border-border bg-surface text-fg hover:bg-surface-muted',
                focusRing,
              )}
            >
              {short}
            </button>
          );
        })}
      </div>
    </div>
  );
}

import { cx, focusRing } from '@/ui/class-names.ts';
import { typeLabel } from './incident-badges.tsx';

/** The options of a select, labelled for people (technicalDebt reads 'Technical Debt'). */
export function Options({ values }: { values: readonly string[] }) {
  return (
    <>
      {values.map((value) => (
        <option key={value} value={value}>
          {typeLabel(value)}
        </option>
      ))}
    </>
  );
}

/** A select sized to its content, for rows that hold several controls. */
export const compactSelectClassName = cx(
  'h-8 rounded-md border border-border bg-surface px-2 text-sm text-fg disabled:opacity-60',
  focusRing,
);

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

import { ArrowDownWideNarrow, ArrowUpNarrowWide } from 'lucide-react';
import { Button } from '@/ui/button.tsx';
import { cx } from '@/ui/class-names.ts';
import { inputClassName } from '@/ui/form-field.tsx';
import type { SortField } from '../model/topology-sort.ts';

export interface SortControlProps {
  fields: readonly SortField[];
  sortBy: string;
  sortOrder: 'asc' | 'desc';
  onChange: (field: SortField, sortOrder: 'asc' | 'desc') => void;
}

/** Sort by a standard field or a headline property, ascending or descending. */
export function SortControl({ fields, sortBy, sortOrder, onChange }: SortControlProps) {
  const current = fields.find((f) => f.value === sortBy) ?? fields[0];
  if (current === undefined) return null;
  const Icon = sortOrder === 'asc' ? ArrowUpNarrowWide : ArrowDownWideNarrow;
  return (
    <div className="flex items-center gap-1.5 text-sm">
      <label className="flex items-center gap-1.5">
        <span className="whitespace-nowrap text-fg-muted">Sort by</span>
        <select
          value={current.value}
          onChange={(event) => {
            const field = fields.find((f) => f.value === event.target.value);
            if (field !== undefined) onChange(field, sortOrder);
          }}
          className={cx(inputClassName, 'h-8 w-auto pr-7')}
        >
          {fields.map((field) => (
            <option key={field.value} value={field.value}>
              {field.label}
            </option>
          ))}
        </select>
      </label>
      <Button
        size="icon"
        label={sortOrder === 'asc' ? 'Sort ascending' : 'Sort descending'}
        onClick={() => onChange(current, sortOrder === 'asc' ? 'desc' : 'asc')}
        className="size-8"
      >
        <Icon aria-hidden="true" className="size-4" />
      </Button>
    </div>
  );
}

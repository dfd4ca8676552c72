import { useId } from 'react';
import { inputClassName } from '@/ui/form-field.tsx';
import {
  checkTimeRanges,
  parseCheckTimeRange,
  type TimeRange,
} from '@/features/health/model/check-time-range.ts';

export interface TimeRangePickerProps {
  value: TimeRange;
  onChange: (range: TimeRange) => void;
}

export function TimeRangePicker({ value, onChange }: TimeRangePickerProps) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-xs text-fg-muted">
        Time Range
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => {
          const range = parseCheckTimeRange(event.target.value);
          if (range) onChange(range);
        }}
        className={`${inputClassName} mt-0.5 w-auto`}
      >
        {checkTimeRanges.map((range) => (
          <option key={range} value={range}>
            {range}
          </option>
        ))}
      </select>
    </div>
  );
}

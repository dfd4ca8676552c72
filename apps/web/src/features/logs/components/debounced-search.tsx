import { Search } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { inputClassName } from '@/ui/form-field.tsx';
import { cx } from '@/ui/class-names.ts';

export interface DebouncedSearchProps {
  label: string;
  placeholder: string;
  value: string;
  delayMs: number;
  onSearch: (value: string) => void;
}

/** A search box that reports what was typed once typing pauses for `delayMs`. */
export function DebouncedSearch({
  label,
  placeholder,
  value,
  delayMs,
  onSearch,
}: DebouncedSearchProps) {
  const [text, setText] = useState(value);
  const latest = useRef(onSearch);
  useEffect(() => {
    latest.current = onSearch;
  });
  useEffect(() => {
    if (text === value) return undefined;
    const timer = window.setTimeout(() => latest.current(text), delayMs);
    return () => window.clearTimeout(timer);
  }, [text, value, delayMs]);
  return (
    <label className="relative block min-w-64 flex-1 sm:max-w-md">
      <span className="sr-only">{label}</span>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-2.5 left-2.5 size-4 text-fg-muted"
      />
      <input
        type="search"
        value={text}
        placeholder={placeholder}
        onChange={(event) => setText(event.target.value)}
        className={cx(inputClassName, 'pl-8')}
      />
    </label>
  );
}

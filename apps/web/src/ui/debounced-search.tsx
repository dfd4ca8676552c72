import { Search } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { inputClassName } from './form-field.tsx';
import { cx } from './class-names.ts';

export const searchDebounceMs = 400;

export interface DebouncedSearchProps {
  label: string;
  placeholder: string;
  value: string;
  onSearch: (value: string) => void;
  delayMs?: number;
  /** Replaces the default width (grows to fill the toolbar). */
  className?: string;
}

/** A search box that reports what was typed once typing pauses (400 ms by default). */
export function DebouncedSearch({
  label,
  placeholder,
  value,
  onSearch,
  delayMs = searchDebounceMs,
  className = 'min-w-72 flex-1 sm:max-w-md',
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
    <label className={cx('relative block', className)}>
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

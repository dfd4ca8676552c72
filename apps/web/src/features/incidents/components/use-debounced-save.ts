import { useEffect, useRef, useState } from 'react';

/**
 * A local value that is saved `delayMs` after the last change (spec 002 §9 debounces); it
 * follows the server's value while nothing is pending.
 */
export function useDebouncedSave<T>(
  value: T,
  delayMs: number,
  save: (value: T) => void,
): [T, (value: T) => void] {
  const [local, setLocal] = useState(value);
  const pending = useRef(false);
  const latest = useRef(save);
  useEffect(() => {
    latest.current = save;
  });
  useEffect(() => {
    if (!pending.current) setLocal(value);
  }, [value]);
  useEffect(() => {
    if (!pending.current) return undefined;
    const timer = window.setTimeout(() => {
      pending.current = false;
      latest.current(local);
    }, delayMs);
    return () => window.clearTimeout(timer);
  }, [local, delayMs]);
  const change = (next: T) => {
    pending.current = true;
    setLocal(next);
  };
  return [local, change];
}

import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';

export type UrlValue = string | number | boolean | null | undefined;

export interface UrlStateOptions {
  /** Replace the history entry instead of pushing one (typing in a search box). */
  replace?: boolean;
}

function readParams(params: URLSearchParams): Record<string, string> {
  return Object.fromEntries(params.entries());
}

/** Parses; values that fail are dropped, so a bad link falls back to defaults instead of crashing. */
export function parseUrlState<S extends z.ZodObject>(
  schema: S,
  params: URLSearchParams,
): z.output<S> {
  const raw = readParams(params);
  const first = schema.safeParse(raw);
  if (first.success) return first.data;
  for (const issue of first.error.issues) {
    const key = issue.path[0];
    if (typeof key === 'string') delete raw[key];
  }
  return schema.parse(raw);
}

/**
 * Typed query-string state. Use `z.coerce` for numbers and booleans; null, undefined and ''
 * remove a parameter.
 */
export function useUrlState<S extends z.ZodObject>(
  schema: S,
): [
  z.output<S>,
  (patch: Partial<Record<keyof z.input<S>, UrlValue>>, options?: UrlStateOptions) => void,
] {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseUrlState(schema, params), [schema, params]);
  const update = useCallback(
    (patch: Partial<Record<keyof z.input<S>, UrlValue>>, options: UrlStateOptions = {}) => {
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const [key, value] of Object.entries<UrlValue>(patch)) {
            if (value === null || value === undefined || value === '') next.delete(key);
            else next.set(key, String(value));
          }
          return next;
        },
        { replace: options.replace ?? false },
      );
    },
    [setParams],
  );
  return [state, update];
}

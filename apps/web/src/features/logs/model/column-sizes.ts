import { logsLimits } from '@vigil/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { z } from 'zod';

export const logColumns = ['time', 'message', 'labels'] as const;
/** Message has no stored width: it fills what Time and Labels leave. */
export type LogColumn = (typeof logColumns)[number];
export type ColumnSizes = Record<LogColumn, number>;

export const columnSizesKey = 'logs-table-column-sizes';
export const defaultColumnSizes: ColumnSizes = { time: 200, message: 0, labels: 320 };
export const minColumnSize = 80;

const stored = z.object({
  time: z.number().min(minColumnSize).optional(),
  message: z.number().optional(),
  labels: z.number().min(minColumnSize).optional(),
});

export function readColumnSizes(): ColumnSizes {
  try {
    const parsed = stored.safeParse(
      JSON.parse(window.localStorage.getItem(columnSizesKey) ?? '{}'),
    );
    return { ...defaultColumnSizes, ...(parsed.success ? parsed.data : {}) };
  } catch {
    return defaultColumnSizes;
  }
}

/** Column widths kept in this browser; a drag writes them once it pauses (spec: 500 ms). */
export function useColumnSizes(): readonly [
  ColumnSizes,
  (column: LogColumn, size: number) => void,
] {
  const [sizes, setSizes] = useState(readColumnSizes);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return undefined;
    }
    const timer = window.setTimeout(() => {
      try {
        window.localStorage.setItem(columnSizesKey, JSON.stringify(sizes));
      } catch {
        // Storage refused (private mode): the sizes last for this visit only.
      }
    }, logsLimits.columnSizeDebounceMs);
    return () => window.clearTimeout(timer);
  }, [sizes]);
  const resize = useCallback((column: LogColumn, size: number) => {
    setSizes((previous) => ({ ...previous, [column]: Math.max(minColumnSize, Math.round(size)) }));
  }, []);
  return [sizes, resize];
}

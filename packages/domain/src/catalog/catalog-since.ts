import { z } from 'zod';

const durationPattern = /^\d{1,6}(s|m|h|d|w|mo|y)$/;
const dateMathPattern = /^now((?:[+-]\d{1,6}(?:s|m|h|d|w|mo|y|M))*)$/;
const timePattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})?$/;

/** A point in time as the catalog calls write it: `30d` (that long ago), `now-2d`, or RFC 3339. */
export function isCatalogTime(text: string): boolean {
  const trimmed = text.trim();
  return (
    durationPattern.test(trimmed) || dateMathPattern.test(trimmed) || timePattern.test(trimmed)
  );
}

export const catalogTimeSchema = z
  .string()
  .refine(isCatalogTime, {
    error: 'must be a duration (30d), date math (now-2d) or an RFC 3339 time',
  });

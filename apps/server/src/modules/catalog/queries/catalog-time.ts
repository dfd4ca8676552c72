import { badRequest } from '../../../platform/errors.ts';
import { parseDuration, parseSince } from '../../../platform/durations.ts';

/**
 * A catalog time (`30d` meaning 30 days ago, `now-2d`, `now-1mo`, or RFC 3339) as a Date; the
 * field is named in the 400 when the text is none of these.
 */
export function resolveCatalogTime(field: string, text: string, now: number = Date.now()): Date {
  const trimmed = text.trim().replace(/mo\b/g, 'M');
  const ago = /^\d+(s|m|h|d|w|M|y)$/.test(trimmed)
    ? parseSince(`now-${trimmed}`, now)
    : parseSince(trimmed, now);
  const time =
    ago ?? (parseDuration(trimmed) === undefined ? undefined : now - (parseDuration(trimmed) ?? 0));
  if (time === undefined || !Number.isFinite(time)) {
    throw badRequest(`${field}: must be a duration (30d), date math (now-2d) or an RFC 3339 time`);
  }
  return new Date(time);
}

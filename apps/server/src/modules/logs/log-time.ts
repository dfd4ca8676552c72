import { badRequest } from '../../platform/errors.ts';
import { parseDuration, parseSince } from '../../platform/durations.ts';

/** `1h` (that long ago), `now-2d`, or RFC 3339 as a Date; the 400 names the field. */
export function resolveLogTime(field: string, text: string, now: number): Date {
  const trimmed = text.trim().replace(/mo\b/g, 'M');
  const since = /^\d+(s|m|h|d|w|M|y)$/.test(trimmed)
    ? parseSince(`now-${trimmed}`, now)
    : parseSince(trimmed, now);
  const duration = parseDuration(trimmed);
  const time = since ?? (duration === undefined ? undefined : now - duration);
  if (time === undefined || !Number.isFinite(time)) {
    throw badRequest(`${field}: must be a duration (1h), date math (now-2d) or an RFC 3339 time`);
  }
  return new Date(time);
}

import { everyScheduleMessage, everySchedulePattern } from '@vigil/domain';
import { Cron } from 'croner';

/** When a canary runs next: a fixed period (`@every`, `interval`) or a cron expression. */
export type Schedule =
  | { readonly kind: 'every'; readonly periodMs: number }
  | { readonly kind: 'cron'; readonly cron: Cron };

const units: Record<string, number> = { h: 3_600_000, m: 60_000, s: 1000, ms: 1 };
const part = /(\d+(?:\.\d+)?)(h|ms|m|s)/g;
const minimumPeriodMs = 1000;

/**
 * Parses `@every 30s` / `@every 1m30s`, cron with an optional seconds field
 * (`*\/15 * * * * *`), and the nicknames `@hourly`, `@daily`, `@weekly`, `@monthly`.
 * Throws with a message for the spec's author when the text is none of these.
 */
export function parseSchedule(text: string): Schedule {
  const trimmed = text.trim();
  const match = everySchedulePattern.exec(trimmed);
  if (match) {
    let periodMs = 0;
    for (const [, amount, unit] of (match[1] ?? '').matchAll(part)) {
      periodMs += Number(amount) * (units[unit ?? 's'] ?? 1000);
    }
    if (periodMs < minimumPeriodMs) throw new Error('must run at most once a second');
    return { kind: 'every', periodMs: Math.round(periodMs) };
  }
  if (trimmed.startsWith('@every')) {
    throw new Error(everyScheduleMessage);
  }
  try {
    return { kind: 'cron', cron: new Cron(trimmed, { paused: true, timezone: 'UTC' }) };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`is not a valid schedule (${reason})`, { cause: error });
  }
}

/** The legacy `spec.interval` (seconds) as a schedule text. */
export function intervalSchedule(seconds: number): string {
  return `@every ${seconds}s`;
}

/** The slot after `slot` that is later than `now`; missed slots are skipped, not replayed. */
export function nextSlot(schedule: Schedule, slot: number, now: number): number {
  if (schedule.kind === 'every') {
    const { periodMs } = schedule;
    const next = slot + periodMs;
    if (next > now) return next;
    return next + Math.ceil((now - next + 1) / periodMs) * periodMs;
  }
  const next = schedule.cron.nextRun(new Date(Math.max(slot, now)));
  return next ? next.getTime() : Number.POSITIVE_INFINITY;
}

/**
 * A first slot spread over one period, so that canaries created or resumed together do not
 * all run at once (the start-up ramp): uniform jitter, not serial sleeps.
 */
export function firstSlot(
  schedule: Schedule,
  now: number,
  random: () => number = Math.random,
): number {
  if (schedule.kind === 'every') return now + Math.floor(random() * schedule.periodMs);
  return nextSlot(schedule, now, now);
}

/** The typical time between runs, for time limits and the health engine's lookahead. */
export function periodOf(schedule: Schedule, now: number): number {
  if (schedule.kind === 'every') return schedule.periodMs;
  const first = schedule.cron.nextRun(new Date(now));
  const second = first ? schedule.cron.nextRun(first) : null;
  return first && second ? second.getTime() - first.getTime() : Number.POSITIVE_INFINITY;
}

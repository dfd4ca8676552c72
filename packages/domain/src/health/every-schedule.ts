/** `@every 30s`, `@every 1m30s`: the fixed-period schedules, as the server runs them. */
export const everySchedulePattern = /^@every\s+((?:\d+(?:\.\d+)?(?:h|ms|m|s))+)$/;

export const everyScheduleMessage = 'must be @every followed by a duration such as 30s or 1m30s';

/**
 * What is wrong with an `@every` schedule, or null when it is one the server accepts (or is
 * not an `@every` schedule at all: cron is checked by the server alone).
 */
export function everyScheduleProblem(text: string): string | null {
  const trimmed = text.trim();
  if (!trimmed.startsWith('@every') || everySchedulePattern.test(trimmed)) return null;
  return everyScheduleMessage;
}

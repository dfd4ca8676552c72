import type { PlaybookRunActionRow, PlaybookRunRow } from '@vigil/domain';

/** The synthetic first step of a run that failed before any action ran (spec 002 §4). */
export const initializationStepId = 'initialization';

export function hasInitializationStep(
  run: PlaybookRunRow,
  actions: readonly PlaybookRunActionRow[],
) {
  return run.status === 'failed' && (run.error ?? '') !== '' && actions.length === 0;
}

/** Output sections of an action, in reading order; only those with text. */
export function outputSections(action: PlaybookRunActionRow): Array<{ key: string; text: string }> {
  const result = action.result ?? {};
  const sections: Array<{ key: string; text: string }> = [];
  if (action.error) sections.push({ key: 'error', text: action.error });
  for (const key of ['logs', 'stdout', 'stderr'] as const) {
    const text = result[key];
    if (typeof text === 'string' && text !== '') sections.push({ key, text });
  }
  return sections;
}

/** Keys of a result other than the captured streams, e.g. an http response or a sql result. */
export function otherResult(action: PlaybookRunActionRow): Record<string, unknown> {
  const streams = new Set(['stdout', 'stderr', 'logs', 'artifacts']);
  return Object.fromEntries(
    Object.entries(action.result ?? {}).filter(([key]) => !streams.has(key)),
  );
}

/** Plain text of a run's output, action by action, for Download logs. */
export function runLogText(run: PlaybookRunRow, actions: readonly PlaybookRunActionRow[]): string {
  const lines = [`Playbook run ${run.id} (${run.status})`];
  if (run.error) lines.push(`Error: ${run.error}`);
  for (const action of actions) {
    lines.push('', `== ${action.name} (${action.status}) ==`);
    for (const { key, text } of outputSections(action)) lines.push(`-- ${key} --`, text);
    const rest = otherResult(action);
    if (Object.keys(rest).length > 0) lines.push('-- result --', JSON.stringify(rest, null, 2));
  }
  return `${lines.join('\n')}\n`;
}

/** Only http(s) addresses become links (spec 002 §2); anything else stays text. */
export function safeLink(value: string): string | undefined {
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

import type { LogLine } from '@vigil/domain';
import { z } from 'zod';
import { parseDuration } from '../../../platform/durations.ts';
import { evaluateCel } from '../../health/index.ts';

/** Upstream's LogsPostProcess fields, shared by every backend of the logs action. */
export const postProcessFields = {
  dedupe: z
    .strictObject({ window: z.string().optional(), fields: z.array(z.string().min(1)) })
    .optional(),
  /** CEL over a line (message, severity, labels …); a line is kept when any expression holds. */
  match: z.array(z.string().min(1)).optional(),
  /** Accepted as upstream writes them; the lines are not re-mapped or re-parsed here. */
  mapping: z.record(z.string(), z.unknown()).optional(),
  parse: z.string().optional(),
};
export type PostProcess = z.infer<z.ZodObject<typeof postProcessFields>>;

export interface ProcessedLine extends LogLine {
  count?: number;
  firstObserved?: string;
  lastObserved?: string;
}

function variablesOf(line: LogLine): Record<string, unknown> {
  return {
    message: line.message,
    severity: line.labels.severity ?? line.labels.level ?? 'unknown',
    labels: line.labels,
    timestamp: line.timestamp,
    firstObserved: line.timestamp,
    host: line.labels.host ?? '',
    source: line.labels.source ?? '',
  };
}

function matches(line: LogLine, expressions: readonly string[]): boolean {
  const variables = variablesOf(line);
  return expressions.some((source) => {
    try {
      return evaluateCel(source, variables, 100) === true;
    } catch {
      return false;
    }
  });
}

function fieldValue(line: LogLine, field: string): string {
  if (field === 'message') return line.message;
  if (field.startsWith('labels.')) return line.labels[field.slice('labels.'.length)] ?? '';
  return line.labels[field] ?? '';
}

/** Lines equal on every field within one window become one, with its count and time span. */
function dedupe(lines: readonly LogLine[], fields: readonly string[], windowMs: number) {
  const merged = new Map<string, ProcessedLine>();
  for (const line of lines) {
    const time = Date.parse(line.timestamp);
    const bucket = windowMs > 0 ? Math.floor(time / windowMs) : 0;
    const key = JSON.stringify([bucket, ...fields.map((field) => fieldValue(line, field))]);
    const seen = merged.get(key);
    if (!seen) {
      merged.set(key, { ...line, count: 1, firstObserved: line.timestamp });
      continue;
    }
    seen.count = (seen.count ?? 1) + 1;
    const first = Date.parse(seen.firstObserved ?? seen.timestamp);
    if (time < first) seen.firstObserved = line.timestamp;
    if (time > Date.parse(seen.lastObserved ?? seen.timestamp)) seen.lastObserved = line.timestamp;
    if (!seen.lastObserved) seen.lastObserved = seen.timestamp;
  }
  return [...merged.values()];
}

/** Applies `match`, then `dedupe`, as upstream does. */
export function postProcess(lines: readonly LogLine[], post: PostProcess): ProcessedLine[] {
  const kept = post.match?.length ? lines.filter((line) => matches(line, post.match ?? [])) : lines;
  if (!post.dedupe) return [...kept];
  const windowMs = post.dedupe.window ? (parseDuration(post.dedupe.window) ?? 0) : 0;
  return dedupe(kept, post.dedupe.fields, windowMs);
}

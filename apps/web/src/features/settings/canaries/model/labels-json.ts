import { z } from 'zod';

export type LabelsParse =
  { ok: true; labels: Record<string, string> } | { ok: false; message: string };

// Label values are strings; numbers and booleans typed without quotes are taken as their text.
const labelsShape = z.record(
  z.string(),
  z.union([z.string(), z.number(), z.boolean()]).transform(String),
);

export const labelsShapeMessage = 'Labels must be a JSON object of names to values';

/** The Labels editor's text (spec 002 §4): empty is an empty object; anything else must parse. */
export function parseLabelsJson(text: string): LabelsParse {
  if (text.trim() === '') return { ok: true, labels: {} };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, message: `Invalid JSON: ${error instanceof Error ? error.message : ''}` };
  }
  const parsed = labelsShape.safeParse(value);
  return parsed.success
    ? { ok: true, labels: parsed.data }
    : { ok: false, message: labelsShapeMessage };
}

export function labelsToJson(labels: Readonly<Record<string, string>>): string {
  return Object.keys(labels).length === 0 ? '{}' : JSON.stringify(labels, null, 2);
}

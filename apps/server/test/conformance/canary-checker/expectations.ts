import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';

export const expectationsFile = path.join(import.meta.dirname, 'expectations.json');

const outcomeSchema = z.enum(['pass', 'fail']);

export const documentResultSchema = z.discriminatedUnion('result', [
  z.object({ name: z.string(), result: z.literal('accepted') }),
  z.object({
    name: z.string(),
    result: z.literal('refused'),
    /** A substring of the server's message. */
    reason: z.string(),
    /** invalid under canary-checker's own CRD, a type it removed, or a gap in Vigil. */
    category: z.enum(['invalid-upstream', 'removed-type', 'unsupported']),
  }),
]);
export type DocumentResult = z.infer<typeof documentResultSchema>;

export const runResultSchema = z.object({
  /** What canary-checker's harness expects of every check of the document. */
  upstream: outcomeSchema,
  /** What each check gave here, by check name. */
  checks: z.record(z.string(), outcomeSchema),
});
export type RunResult = z.infer<typeof runResultSchema>;

export const expectationsSchema = z.object({
  documents: z.record(z.string(), documentResultSchema),
  runs: z.record(z.string(), runResultSchema),
});
export type Expectations = z.infer<typeof expectationsSchema>;

export async function readExpectations(): Promise<Expectations> {
  const text = await fs.readFile(expectationsFile, 'utf8').catch(() => undefined);
  if (text === undefined) return { documents: {}, runs: {} };
  return expectationsSchema.parse(JSON.parse(text));
}

export async function writeExpectations(expectations: Expectations): Promise<void> {
  await fs.writeFile(expectationsFile, `${JSON.stringify(expectations, null, 2)}\n`);
}

/** accepted / (all − invalid-upstream − removed-type), as the issue counts it. */
export function acceptance(documents: Record<string, DocumentResult>) {
  const results = Object.values(documents);
  const excluded = results.filter(
    (r) => r.result === 'refused' && r.category !== 'unsupported',
  ).length;
  const accepted = results.filter((r) => r.result === 'accepted').length;
  const counted = results.length - excluded;
  return { total: results.length, excluded, accepted, counted, ratio: accepted / counted };
}

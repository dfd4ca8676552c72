import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';

/** What a fixture's run built here, as committed in runs-expectations.json. */
export interface BuiltNode {
  name: string;
  type: string | null;
  status: string;
  status_reason?: string;
  properties?: unknown[];
  checks?: string[];
  configs?: string[];
  teams?: string[];
  children?: BuiltNode[];
}

const builtNode: z.ZodType<BuiltNode> = z.lazy(() =>
  z.object({
    name: z.string(),
    type: z.string().nullable(),
    status: z.string(),
    status_reason: z.string().optional(),
    properties: z.array(z.unknown()).optional(),
    checks: z.array(z.string()).optional(),
    configs: z.array(z.string()).optional(),
    teams: z.array(z.string()).optional(),
    children: z.array(builtNode).optional(),
  }),
);

export const runOutcome = z.discriminatedUnion('result', [
  z.object({
    result: z.literal('built'),
    job: z.string(),
    errors: z.array(z.string()),
    tree: builtNode,
    /** Why the tree differs from canary-checker's for this fixture, when it does. */
    differs: z.string().optional(),
  }),
  z.object({ result: z.literal('not-runnable'), needs: z.string() }),
]);
export type RunOutcome = z.infer<typeof runOutcome>;

const expectations = z.record(z.string(), runOutcome);
export type RunExpectations = z.infer<typeof expectations>;

export const runsExpectationsFile = path.join(import.meta.dirname, 'runs-expectations.json');

export async function readRunExpectations(): Promise<RunExpectations> {
  const text = await fs.readFile(runsExpectationsFile, 'utf8').catch(() => undefined);
  return text === undefined ? {} : expectations.parse(JSON.parse(text));
}

export async function writeRunExpectations(value: RunExpectations): Promise<void> {
  await fs.writeFile(runsExpectationsFile, `${JSON.stringify(value, null, 2)}\n`);
}

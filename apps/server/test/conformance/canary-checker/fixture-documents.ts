import fs from 'node:fs/promises';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';
import { z } from 'zod';

export const fixturesDir = path.join(import.meta.dirname, 'fixtures');

/** One Canary document of a fixture file, keyed `<file>#<index of the Canary in the file>`. */
export interface FixtureDocument {
  readonly key: string;
  readonly file: string;
  readonly value: Record<string, unknown>;
}

const canarySchema = z.looseObject({ kind: z.literal('Canary') });

/** Every Canary document under the fixtures folder, in path order. */
export async function fixtureDocuments(): Promise<FixtureDocument[]> {
  const files = (await fs.readdir(fixturesDir, { recursive: true }))
    .filter((file) => /\.ya?ml$/.test(file))
    .sort();
  const documents: FixtureDocument[] = [];
  for (const file of files) {
    const text = await fs.readFile(path.join(fixturesDir, file), 'utf8');
    let index = 0;
    for (const document of parseAllDocuments(text)) {
      const parsed = canarySchema.safeParse(document.toJS());
      if (!parsed.success) continue;
      documents.push({ key: `${file}#${index}`, file, value: parsed.data });
      index += 1;
    }
  }
  return documents;
}

/** Types canary-checker has removed; Vigil refuses them by name. */
const removedTypes = [
  'docker',
  'containerd',
  'helm',
  'namespace',
  'pod',
  'github',
  'gitProtocol',
  'dockerPush',
  'containerdPush',
];

export function usesRemovedType(value: Record<string, unknown>): boolean {
  const spec = value.spec;
  if (typeof spec !== 'object' || spec === null) return false;
  return Object.keys(spec).some((key) => removedTypes.includes(key));
}

/** canary-checker's own harness: files ending `_pass`/`_fail` run, and `fail` in the name fails. */
export function upstreamExpectation(file: string): 'pass' | 'fail' | undefined {
  const name = path.basename(file);
  if (!/_(pass|fail)\.ya?ml$/.test(name)) return undefined;
  return name.includes('fail') ? 'fail' : 'pass';
}

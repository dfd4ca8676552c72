import fs from 'node:fs';
import path from 'node:path';
import { playbookResourceSchema } from '@vigil/domain';
import { parseAllDocuments } from 'yaml';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parsePlaybookSpec } from '../../src/modules/playbooks/spec/playbook-spec.ts';

/**
 * mission-control's own playbook fixtures as the conformance suite of the Playbook format:
 * each document is accepted or refused (and why) as `mission-control/expectations.json` says.
 * `UPDATE_EXPECTATIONS=1` rewrites that file after a deliberate change.
 */
const root = path.join(import.meta.dirname, 'mission-control');

function fixtureFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return fixtureFiles(full);
      return /\.ya?ml$/.test(entry.name) ? [full] : [];
    })
    .sort();
}

function outcomes(): Record<string, string> {
  const found: Record<string, string> = {};
  for (const file of fixtureFiles(path.join(root, 'fixtures'))) {
    const name = path.relative(root, file);
    parseAllDocuments(fs.readFileSync(file, 'utf8')).forEach((doc, index) => {
      const value: unknown = doc.toJS();
      if (!z.object({ kind: z.literal('Playbook') }).safeParse(value).success) return;
      const key = `${name}#${index}`;
      const resource = playbookResourceSchema.safeParse(value);
      if (!resource.success) {
        const issue = resource.error.issues[0];
        found[key] = `refused: ${issue?.path.join('.') ?? ''} ${issue?.message ?? ''}`;
        return;
      }
      const parsed = parsePlaybookSpec(resource.data.spec);
      found[key] = parsed.ok ? 'accepted' : `refused: ${parsed.field} ${parsed.message}`;
    });
  }
  return found;
}

describe('mission-control playbook fixtures', () => {
  const actual = outcomes();
  const expectationsFile = path.join(root, 'expectations.json');
  if (process.env.UPDATE_EXPECTATIONS === '1') {
    fs.writeFileSync(expectationsFile, `${JSON.stringify(actual, null, 2)}\n`);
  }
  const expected = z
    .record(z.string(), z.string())
    .parse(JSON.parse(fs.readFileSync(expectationsFile, 'utf8')));

  it.each(Object.keys(actual))('%s is accepted or refused as expected', (key) => {
    expect(actual[key]).toBe(expected[key]);
  });

  it('accepts every fixture (a ratchet: the share may only grow)', () => {
    const accepted = Object.values(actual).filter((outcome) => outcome === 'accepted').length;
    const total = Object.keys(actual).length;
    expect(total).toBeGreaterThanOrEqual(61);
    expect(accepted / total).toBeGreaterThanOrEqual(1);
  });
});

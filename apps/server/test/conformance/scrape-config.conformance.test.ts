import fs from 'node:fs';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  parseScrapeSpec,
  scrapeConfigResource,
} from '../../src/modules/catalog/scrape-spec/scrape-config.ts';

/**
 * config-db's own fixtures as the conformance suite of the ScrapeConfig format: each
 * ScrapeConfig document is accepted or refused (and why) as `config-db/expectations.json`
 * says. `UPDATE_EXPECTATIONS=1` rewrites that file after a deliberate change.
 */
const root = path.join(import.meta.dirname, 'config-db');
/** Types that need a real cloud or SaaS account to scrape; not counted in the goal. */
const accountTypes = [
  'aws',
  'azure',
  'gcp',
  'azureDevops',
  'github',
  'githubActions',
  'slack',
  'pubsub',
  'logs',
  'playwright',
  'clickhouse',
  'terraform',
];

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
      if (z.object({ kind: z.literal('ScrapeConfig') }).safeParse(value).success === false) return;
      const resource = scrapeConfigResource.safeParse(value);
      const key = `${name}#${index}`;
      if (!resource.success) {
        found[key] =
          `refused: ${resource.error.issues[0]?.path.join('.') ?? ''} ${resource.error.issues[0]?.message ?? ''}`;
        return;
      }
      const parsed = parseScrapeSpec(resource.data.spec);
      found[key] = parsed.ok ? 'accepted' : `refused: ${parsed.field} ${parsed.message}`;
    });
  }
  return found;
}

describe('config-db fixtures', () => {
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

  // Goal 90% (issue #22). Measured 50 of 54 (92.6%; githubActions, azureDevops, azure and aws
  // now run, so they count): catalog.traverse, a CEL has() over an index, a misspelt key and
  // scrapper.yaml's string `region` (config-db's []string refuses it too) are refused. A ratchet.
  it('accepts at least 50 of 54 documents not needing a cloud account', () => {
    const needsAccount = (outcome: string) =>
      accountTypes.some((type) => outcome.includes(`scraper type ${type} is not supported yet`));
    const counted = Object.values(actual).filter((outcome) => !needsAccount(outcome));
    const accepted = counted.filter((outcome) => outcome === 'accepted').length;
    expect(Object.keys(expected).sort()).toEqual(Object.keys(actual).sort());
    expect(accepted / counted.length).toBeGreaterThanOrEqual(50 / 54);
  });
});

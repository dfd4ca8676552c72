import fs from 'node:fs';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseTopologySpec } from '../../src/modules/topology/spec/parse-topology.ts';
import { topologyResource } from '../../src/modules/topology/spec/topology-spec.ts';

/** canary-checker's own Topology fixtures, applied through the one spec parser. */
const dir = path.join(import.meta.dirname, 'fixtures');

function outcomes(): Record<string, string> {
  const found: Record<string, string> = {};
  for (const file of fs
    .readdirSync(dir)
    .filter((f) => /\.ya?ml$/.test(f))
    .sort()) {
    parseAllDocuments(fs.readFileSync(path.join(dir, file), 'utf8')).forEach((doc, index) => {
      const value: unknown = doc.toJS();
      if (!z.object({ kind: z.literal('Topology') }).safeParse(value).success) return;
      const resource = topologyResource.safeParse(value);
      const key = `${file}#${index}`;
      if (!resource.success) {
        found[key] = `refused: ${resource.error.issues[0]?.path.join('.') ?? ''}`;
        return;
      }
      const parsed = parseTopologySpec(resource.data.spec);
      found[key] = parsed.ok ? 'accepted' : `refused: ${parsed.field} ${parsed.message}`;
    });
  }
  return found;
}

describe('canary-checker topology fixtures', () => {
  const actual = outcomes();

  it('finds every Topology document', () => {
    expect(Object.keys(actual)).toHaveLength(16);
  });

  it('accepts every fixture unchanged', () => {
    const accepted = Object.values(actual).filter((outcome) => outcome === 'accepted').length;
    console.info(`topology fixtures accepted: ${accepted}/${Object.keys(actual).length}`);
    expect(Object.entries(actual).filter(([, outcome]) => outcome !== 'accepted')).toEqual([]);
  });

  it('refuses a property of an unknown type, naming the field', () => {
    const parsed = parseTopologySpec({ components: [{ name: 'a', properties: [{ type: 'x' }] }] });
    expect(parsed).toEqual({
      ok: false,
      field: 'spec.components[0].properties[0].type',
      message: 'must be one of url, currency, text, hidden',
    });
  });

  it('refuses a lookup check list that is not a list', () => {
    const parsed = parseTopologySpec({ components: [{ name: 'a', lookup: { http: 'x' } }] });
    expect(parsed).toMatchObject({ ok: false, field: 'spec.components[0].lookup.http' });
  });
});

import { describe, expect, it } from 'vitest';
import {
  newCanaryResource,
  parseCanaryYaml,
  resourceToYaml,
  rowFromResource,
  singleCheckKey,
} from './canary-resource.ts';
import { canaryTypeById } from './canary-types.ts';

describe('canary resource', () => {
  it('starts a new canary of a type with one check of that type', () => {
    const type = canaryTypeById('prometheus');
    if (type === undefined) throw new Error('prometheus is a picker type');
    const resource = newCanaryResource(type);
    expect(resource.spec.prometheus).toEqual([
      { name: 'prometheus', url: 'http://prometheus:9090', query: 'up' },
    ]);
    const custom = canaryTypeById('custom');
    if (custom === undefined) throw new Error('custom is a picker type');
    expect(newCanaryResource(custom).spec).toEqual({ schedule: '@every 5m' });
  });

  it('round-trips through YAML', () => {
    const type = canaryTypeById('tcp');
    if (type === undefined) throw new Error('tcp is a picker type');
    const resource = newCanaryResource(type);
    resource.metadata.name = 'db';
    resource.metadata.labels = { team: 'sre' };
    const parsed = parseCanaryYaml(resourceToYaml(resource));
    expect(parsed).toEqual({ ok: true, resource });
    expect(rowFromResource(resource)).toEqual({
      name: 'db',
      namespace: 'default',
      labels: { team: 'sre' },
      spec: resource.spec,
    });
  });

  it('reports a syntax error with its line', () => {
    const parsed = parseCanaryYaml('metadata:\n  name: x\nspec: [open');
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.line).toBe(3);
  });

  it('refuses YAML that is not a Canary shape', () => {
    expect(parseCanaryYaml('- a\n- b')).toMatchObject({ ok: false });
    expect(parseCanaryYaml('spec: 3')).toMatchObject({ ok: false, message: /^spec/ });
  });

  it('fills in what an edited YAML leaves out', () => {
    expect(parseCanaryYaml('metadata:\n  name: x\n')).toEqual({
      ok: true,
      resource: {
        apiVersion: 'canaries.flanksource.com/v1',
        kind: 'Canary',
        metadata: { name: 'x', namespace: 'default', labels: {} },
        spec: {},
      },
    });
  });

  it.each([
    ['an empty text', ''],
    ['only blanks', '  \n\n'],
    ['only comments', '# nothing yet\n'],
    ['null', 'null'],
    ['{}', '{}'],
  ])('reads %s as an empty object: a Canary with an empty spec', (_what, text) => {
    expect(parseCanaryYaml(text)).toEqual({
      ok: true,
      resource: {
        apiVersion: 'canaries.flanksource.com/v1',
        kind: 'Canary',
        metadata: { name: '', namespace: 'default', labels: {} },
        spec: {},
      },
    });
  });

  it('keeps the given name and namespace where the YAML leaves them out', () => {
    const fixed = { name: 'shop', namespace: 'prod' };
    expect(parseCanaryYaml('', fixed)).toMatchObject({ ok: true, resource: { metadata: fixed } });
    expect(parseCanaryYaml('metadata:\n  name: other\n', fixed)).toMatchObject({
      ok: true,
      resource: { metadata: { name: 'other', namespace: 'prod' } },
    });
  });

  it('edits a saved canary with its form only when it has one check', () => {
    expect(singleCheckKey({ schedule: '@hourly', http: [{ name: 'a' }] })).toBe('http');
    expect(singleCheckKey({ http: [{ name: 'a' }, { name: 'b' }] })).toBeUndefined();
    expect(singleCheckKey({ http: [{ name: 'a' }], tcp: [{ name: 'b' }] })).toBeUndefined();
  });
});

import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readDocuments } from '../../src/platform/manifests/read-documents.ts';
import type { KubeObject } from '../../src/modules/kube-api/kube-object.ts';
import { mergePatch, sameJson } from '../../src/modules/kube-api/merge-patch.ts';
import { resourceVersionOf, timestampOf } from '../../src/modules/kube-api/resource-version.ts';
import {
  matchesSelectors,
  parseFieldSelector,
  parseLabelSelector,
} from '../../src/modules/kube-api/selectors.ts';
import { humanAge } from '../../src/modules/kube-api/table.ts';

const object = (name: string, labels: Record<string, string>): KubeObject => ({
  apiVersion: 'canaries.flanksource.com/v1',
  kind: 'Canary',
  metadata: {
    name,
    namespace: 'prod',
    uid: 'u',
    resourceVersion: '1',
    creationTimestamp: '',
    labels,
  },
  spec: {},
});

describe('JSON merge patch (RFC 7386)', () => {
  it('merges objects, removes keys set to null and replaces arrays', () => {
    expect(
      mergePatch(
        { a: 1, b: { c: 2, d: 3 }, list: [1, 2] },
        { b: { c: null, e: 4 }, list: [3], f: 'x' },
      ),
    ).toEqual({ a: 1, b: { d: 3, e: 4 }, list: [3], f: 'x' });
    expect(mergePatch({ a: 1 }, [1])).toEqual([1]);
  });

  it('compares JSON values regardless of key order', () => {
    expect(sameJson({ a: [1, { b: 2, c: 3 }] }, { a: [1, { c: 3, b: 2 }] })).toBe(true);
    expect(sameJson({ a: 1 }, { a: 1, b: undefined })).toBe(false);
  });
});

describe('resourceVersion', () => {
  it('round-trips updated_at to the microsecond, whatever the offset', () => {
    const version = resourceVersionOf('2025-06-01T12:30:00.123456+02:00');
    expect(version).toBe('1748773800123456');
    expect(timestampOf(version)).toBe('2025-06-01T10:30:00.123456Z');
    expect(timestampOf('not-a-number')).toBeUndefined();
  });
});

describe('selectors', () => {
  const web = object('web', { team: 'sre', tier: 'front' });
  const api = object('api', { team: 'app' });

  it.each([
    ['team=sre', ['web']],
    ['team==sre', ['web']],
    ['team!=sre', ['api']],
    ['team in (sre, app)', ['web', 'api']],
    ['team notin (sre)', ['api']],
    ['tier', ['web']],
    ['!tier', ['api']],
    ['team in (sre,app),tier', ['web']],
  ])('label selector %s', (selector, expected) => {
    const labels = parseLabelSelector(selector);
    expect(
      [web, api].filter((o) => matchesSelectors(o, labels, [])).map((o) => o.metadata.name),
    ).toEqual(expected);
  });

  it('field selectors on name and namespace, and refuses other fields', () => {
    const fields = parseFieldSelector('metadata.name=api,metadata.namespace==prod');
    expect(
      [web, api].filter((o) => matchesSelectors(o, [], fields)).map((o) => o.metadata.name),
    ).toEqual(['api']);
    expect(() => parseFieldSelector('status.phase=Running')).toThrow('field label not supported');
  });
});

describe('humanAge', () => {
  const now = new Date('2025-01-10T00:00:00Z');
  it.each([
    ['2025-01-09T23:59:15Z', '45s'],
    ['2025-01-09T23:55:00Z', '5m'],
    ['2025-01-09T23:54:50Z', '5m10s'],
    ['2025-01-09T21:00:00Z', '3h'],
    ['2025-01-09T19:30:00Z', '4h30m'],
    ['2025-01-08T00:00:00Z', '2d'],
    ['2024-12-01T00:00:00Z', '40d'],
  ])('%s is %s old', (since, age) => {
    expect(humanAge(since, now)).toBe(age);
  });
});

describe('reading manifests for vigil apply', () => {
  it('reports a YAML error with the file, line and column', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'vigil-docs-'));
    try {
      const file = path.join(dir, 'bad.yaml');
      await fs.writeFile(file, 'kind: Canary\nmetadata:\n  name: [unclosed\n');
      await expect(readDocuments([file], () => [])).rejects.toThrow(`${file}:`);
      await expect(readDocuments([path.join(dir, 'missing.yaml')], () => [])).rejects.toThrow(
        'does not exist',
      );
      const docs = await readDocuments(['-'], () => ['---\na: 1\n---\n---\nb: 2\n']);
      expect(docs).toEqual([
        { source: 'stdin', value: { a: 1 } },
        { source: 'stdin', value: { b: 2 } },
      ]);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});

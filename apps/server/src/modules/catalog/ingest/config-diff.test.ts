import { describe, expect, it } from 'vitest';
import { normalise } from './canonical.ts';
import { applyMergePatch, diffConfigs, mergePatch, summarise } from './config-diff.ts';

describe('diffConfigs', () => {
  const before = normalise({
    metadata: { name: 'web', labels: { app: 'web', tier: 'front' } },
    spec: { replicas: 2, containers: [{ image: 'nginx:1.25' }] },
  });
  const after = normalise({
    metadata: { name: 'web', labels: { app: 'web' } },
    spec: { replicas: 3, containers: [{ image: 'nginx:1.27' }], paused: false },
  });

  it('gives a unified diff of the pretty-printed normalised documents', () => {
    const { diff } = diffConfigs(before, after);
    expect(diff).toContain('--- before');
    expect(diff).toContain('+++ after');
    expect(diff).toContain('-    "replicas": 2');
    expect(diff).toContain('+    "replicas": 3');
    expect(diff).toContain('-      "tier": "front"');
  });

  it('gives an RFC 7386 merge patch that turns before into after', () => {
    const { patch } = diffConfigs(before, after);
    expect(patch).toEqual({
      metadata: { labels: { tier: null } },
      spec: { containers: [{ image: 'nginx:1.27' }], paused: false, replicas: 3 },
    });
    expect(applyMergePatch(before, patch)).toEqual(after);
  });

  it('names the changed paths, sorted, arrays by index', () => {
    const { paths, summary } = diffConfigs(before, after);
    expect(paths).toEqual([
      'metadata.labels.tier',
      'spec.containers[0].image',
      'spec.paused',
      'spec.replicas',
    ]);
    expect(summary).toBe(
      'metadata.labels.tier, spec.containers[0].image, spec.paused, spec.replicas',
    );
  });

  it('summarises long path lists', () => {
    expect(summarise(['a', 'b', 'c', 'd', 'e', 'f', 'g'])).toBe('a, b, c, d, e and 2 more');
    expect(summarise([])).toBe('no changes');
  });

  it('answers no patch for equal documents and a replacement for non-objects', () => {
    expect(mergePatch({ a: [1] }, { a: [1] })).toBeUndefined();
    expect(mergePatch([1], [2])).toEqual([2]);
    expect(diffConfigs('x', 'y').paths).toEqual(['$']);
  });
});

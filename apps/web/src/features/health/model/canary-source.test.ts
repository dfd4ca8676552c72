import { describe, expect, it } from 'vitest';
import { canarySource } from './canary-source.ts';

const id = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';

describe('canary source', () => {
  it.each([null, undefined, '', 'UI'])('%s is edited in the console', (source) => {
    expect(canarySource(source)).toEqual({ kind: 'console' });
  });

  it('links the component or config that created the canary', () => {
    expect(canarySource(`component/${id}`)).toEqual({
      kind: 'internal',
      label: 'Source component',
      to: `/topology/${id}`,
    });
    expect(canarySource(`configs/${id}`)).toEqual({
      kind: 'internal',
      label: 'Source config',
      to: `/catalog/${id}`,
    });
  });

  it('links an address and names anything else', () => {
    expect(canarySource('https://git.example.com/ops/canaries')).toEqual({
      kind: 'external',
      label: 'Source',
      href: 'https://git.example.com/ops/canaries',
    });
    expect(canarySource('api/kubernetes')).toEqual({
      kind: 'text',
      label: 'Managed by api/kubernetes',
    });
    expect(canarySource('component/not-a-uuid')).toEqual({
      kind: 'text',
      label: 'Managed by component/not-a-uuid',
    });
  });
});

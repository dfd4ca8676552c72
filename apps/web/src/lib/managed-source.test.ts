import { describe, expect, it } from 'vitest';
import { isManagedElsewhere } from './managed-source.ts';

describe('isManagedElsewhere', () => {
  it('keeps rows written in the console (source UI, or none) editable', () => {
    expect([null, undefined, '', ' ', 'UI', ' UI '].map(isManagedElsewhere)).toEqual(
      Array(6).fill(false),
    );
  });

  it('makes every other source read only here', () => {
    expect(
      ['KubernetesCRD', 'component/1', 'https://git.example.com', 'ui'].map(isManagedElsewhere),
    ).toEqual(Array(4).fill(true));
  });
});

import { Activity } from 'lucide-react';
import { describe, expect, it } from 'vitest';
import { canaryTypes } from './canary-types.ts';
import { checkTypeIcon } from './check-type-icons.ts';

describe('check type icons', () => {
  it('gives every check type its own icon; only Custom has the generic one', () => {
    const generic = canaryTypes.filter((type) => checkTypeIcon(type.id) === Activity);
    expect(generic.map((type) => type.id)).toEqual(['custom']);
  });
});

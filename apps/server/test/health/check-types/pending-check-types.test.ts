import { describe, expect, it } from 'vitest';
import { parseCanarySpec } from '../../../src/modules/health/canaries/canary-spec.ts';

describe('check types without a runner', () => {
  it('refuses pubsub by name, as not supported yet', () => {
    expect(
      parseCanarySpec({ pubsub: [{ name: 'p', project_id: 'x', subscription: 's' }] }),
    ).toEqual({
      ok: false,
      field: 'spec.pubsub',
      message: 'check type pubsub is not supported yet',
    });
  });
});

describe('jmeter', () => {
  it('is refused by name: no usable jmeter program is available', () => {
    expect(parseCanarySpec({ jmeter: [{ name: 'j', jmx: 'plan' }] })).toEqual({
      ok: false,
      field: 'spec.jmeter',
      message: 'check type jmeter is not supported yet',
    });
  });
});

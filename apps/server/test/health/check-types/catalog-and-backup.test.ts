import { describe, expect, it } from 'vitest';
import { parseCanarySpec } from '../../../src/modules/health/canaries/canary-spec.ts';
import { runCheck } from './check-context.ts';

describe('catalog check: accepted, and says it waits for the catalog engine', () => {
  const fixture = {
    schedule: '@every 30s',
    catalog: [
      {
        name: 'ingress-catalog-check',
        selector: [{ types: ['Kubernetes::IngressClass'] }],
        test: { expr: 'size(results) > 0' },
      },
    ],
  };

  it('accepts canary-checker’s fixture unchanged', () => {
    const parsed = parseCanarySpec(fixture);
    expect(parsed).toMatchObject({
      ok: true,
      checks: [
        { type: 'catalog', name: 'ingress-catalog-check', endpoint: 'Kubernetes::IngressClass' },
      ],
    });
  });

  it('records each run as invalid with a message that says why', async () => {
    const outcome = await runCheck('catalog', { selector: [{ types: ['Kubernetes::Pod'] }] });
    expect(outcome).toMatchObject({
      pass: false,
      invalid: true,
      error:
        'catalog checks wait for the catalog engine, which this installation does not have yet: ' +
        'there are no config items to select',
    });
  });

  it('refuses bad selectors naming the field', () => {
    expect(parseCanarySpec({ catalog: [{ name: 'c' }] })).toMatchObject({
      field: 'spec.catalog[0].selector',
    });
    expect(parseCanarySpec({ catalog: [{ name: 'c', selector: [] }] })).toMatchObject({
      field: 'spec.catalog[0].selector',
      message: 'needs at least one selector',
    });
    expect(
      parseCanarySpec({ catalog: [{ name: 'c', selector: [{ kinds: ['x'] }] }] }),
    ).toMatchObject({
      field: 'spec.catalog[0].selector[0].kinds',
      message: 'is not a known field',
    });
  });
});

import { describe, expect, it } from 'vitest';
import { toLocalCanary, type CanaryDeclaration } from './local-canary.ts';

const declaration = (spec: Record<string, unknown>): CanaryDeclaration => ({
  name: 'site',
  namespace: 'default',
  labels: {},
  spec,
  icon: null,
  source: 'file',
});

const probe = { http: [{ name: 'home', url: 'http://127.0.0.1:9/' }] };

describe('toLocalCanary', () => {
  it('takes a valid spec with its checks and a first run on its schedule', () => {
    const canary = toLocalCanary(declaration({ schedule: '@every 30s', ...probe }), 1_000_000);
    expect(canary).toMatchObject({ name: 'site', schedule: '@every 30s' });
    expect('checks' in canary && canary.checks.map((check) => check.name)).toEqual(['home']);
  });

  it('refuses an invalid spec, naming the field', () => {
    expect(toLocalCanary(declaration({ http: [{ name: 'home' }] }), 0)).toEqual({
      problem: expect.stringMatching(/^spec\.http\[0\]\.url /),
    });
  });

  it('refuses an agentSelector, which only an upstream can act on', () => {
    expect(toLocalCanary(declaration({ agentSelector: ['*'], ...probe }), 0)).toEqual({
      problem: 'spec.agentSelector is for canaries on the upstream, not on an agent',
    });
  });
});

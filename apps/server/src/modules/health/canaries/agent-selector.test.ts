import { describe, expect, it } from 'vitest';
import { agentSelectorSchema, selectsAgent } from './agent-selector.ts';

describe('agentSelector', () => {
  it.each([
    [['eu-prod'], 'eu-prod', true],
    [['eu-prod'], 'eu-prod-2', false],
    [['eu-*'], 'eu-prod', true],
    [['eu-*'], 'us-prod', false],
    [['*-prod'], 'eu-prod', true],
    [['*prod*'], 'eu-prod-2', true],
    [['a*b*c'], 'abc', true],
    [['a*b*c'], 'acb', false],
    [['a*a'], 'a', false],
    [['*'], 'anything', true],
    [['!eu-staging'], 'eu-prod', true],
    [['!eu-staging'], 'eu-staging', false],
    [['eu-*', '!eu-staging'], 'eu-staging', false],
    [['eu-*', '!eu-staging'], 'eu-prod', true],
    [['eu-*', 'us-*'], 'us-east', true],
  ])('%j selects %s: %s', (selector, name, selected) => {
    expect(selectsAgent(selector, name)).toBe(selected);
  });

  it('refuses empty entries, a lone ! and overlong lists', () => {
    expect(agentSelectorSchema.safeParse(['']).success).toBe(false);
    expect(agentSelectorSchema.safeParse(['!']).success).toBe(false);
    expect(agentSelectorSchema.safeParse(Array.from({ length: 101 }, () => 'a')).success).toBe(
      false,
    );
    expect(agentSelectorSchema.parse([' eu-* '])).toEqual(['eu-*']);
  });
});

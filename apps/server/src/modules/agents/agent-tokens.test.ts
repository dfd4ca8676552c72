import { describe, expect, it } from 'vitest';
import { agentTokenId, hashAgentToken, newAgentToken, VerifiedTokens } from './agent-tokens.ts';

describe('agent tokens', () => {
  it('name their access_tokens row and carry 32 random bytes', () => {
    const token = newAgentToken();
    expect(token.value).toMatch(/^vga_[0-9a-f]{32}\.[A-Za-z0-9_-]{43}$/);
    expect(agentTokenId(token.value)).toBe(token.id);
    expect(newAgentToken().value).not.toBe(token.value);
  });

  it('are refused when malformed', () => {
    const { value } = newAgentToken();
    for (const bad of ['', 'vga_', value.slice(0, -1), `${value}x`, value.replace('.', '_')]) {
      expect(agentTokenId(bad)).toBeUndefined();
    }
  });

  it('are stored as salted argon2id hashes', async () => {
    const { value } = newAgentToken();
    const first = await hashAgentToken(value);
    expect(first).toMatch(/^\$argon2id\$/);
    expect(first).not.toContain(value);
    expect(await hashAgentToken(value)).not.toBe(first);
  });
});

describe('VerifiedTokens', () => {
  it('runs argon2 once per ttl for a token that matched, and again after it', async () => {
    let now = 0;
    const cache = new VerifiedTokens({ ttlMs: 1000, maxEntries: 10, now: () => now });
    const { value } = newAgentToken();
    const stored = await hashAgentToken(value);
    const started = performance.now();
    expect(await cache.matches(value, stored)).toBe(true);
    const slow = performance.now() - started;
    const again = performance.now();
    expect(await cache.matches(value, stored)).toBe(true);
    expect(performance.now() - again).toBeLessThan(slow / 5);
    now = 1000;
    expect(cache.size).toBe(1);
    expect(await cache.matches(value, stored)).toBe(true);
  });

  it('never trusts a cached match for another stored hash, nor a wrong token', async () => {
    const cache = new VerifiedTokens({ ttlMs: 60_000, maxEntries: 10 });
    const { value } = newAgentToken();
    const stored = await hashAgentToken(value);
    expect(await cache.matches(value, stored)).toBe(true);
    const other = await hashAgentToken(newAgentToken().value);
    expect(await cache.matches(value, other)).toBe(false);
    expect(await cache.matches(newAgentToken().value, stored)).toBe(false);
    expect(await cache.matches(value, 'not a hash')).toBe(false);
  });

  it('shares one verification between concurrent requests and keeps at most maxEntries', async () => {
    const cache = new VerifiedTokens({ ttlMs: 60_000, maxEntries: 2 });
    const tokens = [newAgentToken(), newAgentToken(), newAgentToken()];
    const hashes = await Promise.all(tokens.map((t) => hashAgentToken(t.value)));
    const [first] = tokens;
    const [firstHash] = hashes;
    if (!first || !firstHash) throw new Error('three tokens were made');
    const both = await Promise.all([
      cache.matches(first.value, firstHash),
      cache.matches(first.value, firstHash),
    ]);
    expect(both).toEqual([true, true]);
    for (const [i, token] of tokens.entries()) {
      expect(await cache.matches(token.value, hashes[i] ?? '')).toBe(true);
    }
    expect(cache.size).toBe(2);
  });
});

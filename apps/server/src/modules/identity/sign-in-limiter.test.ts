import { describe, expect, it } from 'vitest';
import { createSignInLimiter } from './sign-in-limiter.ts';

describe('sign-in limiter', () => {
  const limits = { perIdentifier: 3, perAddress: 5, windowMs: 10 * 60_000 };

  it('locks an identifier after its failures, for what is left of the window', () => {
    let now = 0;
    const limiter = createSignInLimiter(limits, () => now);
    for (let i = 0; i < 3; i++) limiter.recordFailure('Ada@Example.com', '10.0.0.1');
    expect(limiter.blockedFor('ada@example.com ', '10.0.0.2')).toBe(10);
    now = 4 * 60_000;
    expect(limiter.blockedFor('ada@example.com', '10.0.0.2')).toBe(6);
    now = 10 * 60_000 + 1;
    expect(limiter.blockedFor('ada@example.com', '10.0.0.2')).toBe(0);
  });

  it('limits one address across identifiers, and a success clears only its identifier', () => {
    const limiter = createSignInLimiter(limits, () => 0);
    for (let i = 0; i < 5; i++) limiter.recordFailure(`user${i}@example.com`, '10.0.0.9');
    expect(limiter.blockedFor('someone@example.com', '10.0.0.9')).toBeGreaterThan(0);
    expect(limiter.blockedFor('someone@example.com', '10.0.0.10')).toBe(0);
    limiter.recordSuccess('user0@example.com');
    expect(limiter.blockedFor('user0@example.com', '10.0.0.10')).toBe(0);
  });
});

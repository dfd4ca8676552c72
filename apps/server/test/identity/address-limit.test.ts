import { describe, expect, it } from 'vitest';
import { expectError } from './browser.ts';
import { admin, registerAdmin, signIn, useIdentityApp } from './flow-helpers.ts';

const { browser } = useIdentityApp({
  signInLimits: { perIdentifier: 100, perAddress: 8, windowMs: 60_000 },
});

describe('the per-address sign-in limit', () => {
  it('stops guessing across many identifiers from one address', async () => {
    await registerAdmin(browser());
    for (let i = 0; i < 8; i++) {
      const { body } = await expectError(signIn(browser(), `user${i}@example.com`, 'guess'));
      expect(JSON.stringify(body)).toContain('4000006');
    }
    const blocked = await expectError(signIn(browser(), admin.email, admin.password));
    expect(JSON.stringify(blocked.body)).toContain('Too many failed sign-in attempts');
  });
});

import fs from 'node:fs/promises';
import { request } from '@playwright/test';
import { adminAccount, apiSignIn, createUser } from '../accounts.ts';
import { authStatePath, expect, snapshot, test } from '../fixtures.ts';

const otherRoles = ['editor', 'commander', 'responder', 'viewer'] as const;

/** The first run of a fresh installation: the first registration creates the admin. */
test('registers the first admin through the registration page', async ({ page, baseURL }) => {
  await page.goto('/registration');
  await expect(page.getByRole('heading', { name: 'Create account' })).toBeVisible();
  await page.getByLabel('E-Mail').fill(adminAccount.email);
  await page.getByLabel('First Name').fill(adminAccount.first);
  await page.getByLabel('Last Name').fill(adminAccount.last);
  await page.getByLabel('Password').fill(adminAccount.password);
  await snapshot(page, 'registration');
  await page.getByRole('button', { name: 'Sign up' }).click();
  // A new installation: home is the first run.
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Welcome to Vigil' })).toBeVisible();
  await snapshot(page, 'first-run');
  await fs.mkdir('e2e/.artifacts/auth', { recursive: true });
  await page.context().storageState({ path: authStatePath('admin') });

  const admin = await request.newContext({
    baseURL: baseURL ?? '',
    extraHTTPHeaders: { Origin: baseURL ?? '' },
  });
  await apiSignIn(admin, adminAccount.email, adminAccount.password);
  for (const role of otherRoles) {
    const state = await createUser(baseURL ?? '', admin, {
      email: `${role}@example.com`,
      role,
      password: `e2e ${role} passphrase`,
    });
    await fs.writeFile(authStatePath(role), JSON.stringify(state));
  }
  await admin.dispose();
});

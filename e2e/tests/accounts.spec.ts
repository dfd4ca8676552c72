import { request, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { adminAccount, apiSignIn, createUser } from '../accounts.ts';
import { authStatePath, expect, expectAccessible, snapshot, test } from '../fixtures.ts';
import { recordSecret } from '../secrets.ts';

async function signInThroughPage(page: Page, email: string, password: string): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  await page.getByLabel('E-Mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login\?return_to=/);
}

test.describe('signing in and out', () => {
  test('signs in, signs out and signs in again', async ({ page }) => {
    await page.goto('/status');
    await expect(page).toHaveURL(/\/login/);
    await signInThroughPage(page, adminAccount.email, adminAccount.password);
    await expect(page.getByRole('heading', { name: 'System status' })).toBeVisible();
    await signOut(page);
    await snapshot(page, 'signed-out');
    await signInThroughPage(page, adminAccount.email, adminAccount.password);
    await expect(page.getByRole('heading', { name: 'System status' })).toBeVisible();
  });

  test('shows the invalid-credentials message after wrong passwords', async ({ page }) => {
    await page.goto('/login');
    for (let attempt = 0; attempt < 3; attempt++) {
      await signInThroughPage(page, adminAccount.email, `wrong password ${attempt}`);
      await expect(page.getByText(/The provided credentials are invalid/)).toBeVisible();
    }
    await expectAccessible(page);
    await snapshot(page, 'login-error');
  });
});

test.describe('second factors', () => {
  const user = { email: 'totp@example.com', role: 'editor', password: 'e2e totp passphrase' };
  let codes: string[] = [];

  test('enrols TOTP, then signing in asks for the code (AAL2)', async ({ browser, baseURL }) => {
    const admin = await request.newContext({
      baseURL: baseURL ?? '',
      extraHTTPHeaders: { Origin: baseURL ?? '' },
    });
    await apiSignIn(admin, adminAccount.email, adminAccount.password);
    const state = await createUser(baseURL ?? '', admin, user);
    await admin.dispose();
    const context = await browser.newContext({ storageState: state });
    const page = await context.newPage();
    await page.goto('/profile-settings');
    const section = page.getByRole('region', { name: 'Manage 2FA TOTP Authenticator App' });
    await expect(section.getByRole('img')).toBeVisible();
    const secret = (await section.getByText(/^[A-Z2-7]{16,}$/).textContent()) ?? '';
    recordSecret('totp secret', secret);
    await snapshot(page, 'totp-enrol');
    await section.getByLabel('Verify code').fill(await generate({ secret }));
    await section.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Your changes have been saved!').first()).toBeVisible();

    await page.goto('/status');
    await signOut(page);
    await signInThroughPage(page, user.email, user.password);
    await expect(page).toHaveURL(/\/login\?aal=aal2/);
    await expect(page.getByRole('heading', { name: 'Two-Factor Authentication' })).toBeVisible();
    await snapshot(page, 'login-aal2');
    await page.getByLabel('Authentication code').fill(await generate({ secret }));
    await page.getByRole('button', { name: 'Use Authenticator' }).click();
    await expect(page.getByRole('heading', { name: 'System status' })).toBeVisible();

    await page.goto('/profile-settings');
    const lookup = page.getByRole('region', { name: 'Manage 2FA Backup Recovery Codes' });
    await lookup.getByRole('button', { name: 'Generate new backup recovery codes' }).click();
    await expect(
      lookup.getByRole('button', { name: 'Confirm backup recovery codes' }),
    ).toBeVisible();
    codes = (await lookup.locator('code, li').allTextContents())
      .map((c) => c.trim())
      .filter((c) => /^[a-z0-9]{8}$/.test(c));
    expect(codes.length).toBe(12);
    for (const code of codes) recordSecret('recovery code', code);
    await lookup.getByRole('button', { name: 'Confirm backup recovery codes' }).click();
    await expect(page.getByText('Your changes have been saved!').first()).toBeVisible();
    await context.close();
  });

  test('signs in with a recovery code, which then shows as Used', async ({ page }) => {
    await page.goto('/status');
    await signInThroughPage(page, user.email, user.password);
    await expect(page.getByRole('heading', { name: 'Two-Factor Authentication' })).toBeVisible();
    await page.getByLabel('Backup recovery code').fill(codes[0] ?? '');
    await page.getByRole('button', { name: 'Use backup recovery code' }).click();
    await expect(page.getByRole('heading', { name: 'System status' })).toBeVisible();
    await page.goto('/profile-settings');
    const lookup = page.getByRole('region', { name: 'Manage 2FA Backup Recovery Codes' });
    await lookup.getByRole('button', { name: 'Reveal backup recovery codes' }).click();
    await expect(lookup.getByText('Used')).toBeVisible();
    await snapshot(page, 'recovery-codes-used');
  });
});

test.describe('as the admin', () => {
  test.use({ storageState: authStatePath('admin') });

  test('invites a viewer, who accepts through the link and cannot reach Settings', async ({
    page,
    browser,
  }) => {
    await page.goto('/settings/users');
    await page.getByRole('button', { name: 'Invite User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite User' });
    await dialog.getByLabel('First Name').fill('Vera');
    await dialog.getByLabel('Last Name').fill('Viewer');
    await dialog.getByLabel('Email').fill('vera@example.com');
    await dialog.getByLabel('Role').selectOption('viewer');
    await dialog.getByRole('button', { name: 'Invite' }).click();
    await expect(page.getByText('Vera Viewer invited successfully')).toBeVisible();
    const link = await dialog.getByLabel('Recovery link').inputValue();
    await snapshot(page, 'users-invited');

    // A browser of the invitee's own: test.use's admin state must not come along.
    const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const invitee = await context.newPage();
    await invitee.goto(link);
    await expect(invitee).toHaveURL(/\/profile-settings\?flow=/);
    const password = invitee.getByRole('region', { name: 'Change Password' });
    await password.getByLabel('Password').fill('vera viewer passphrase');
    await password.getByRole('button', { name: 'Save' }).click();
    await expect(invitee.getByText('Your changes have been saved!').first()).toBeVisible();
    await invitee.goto('/status');
    const nav = invitee.getByRole('navigation', { name: 'Main' });
    await expect(nav).toContainText('Health');
    await expect(nav.getByText('Settings')).toHaveCount(0);
    await invitee.goto('/settings/users');
    await expect(invitee.getByText('You do not have permission to access this page')).toBeVisible();
    await snapshot(invitee, 'viewer-unauthorized');
    await context.close();
  });

  test('disabling health with a feature flag hides the Health item', async ({ page }) => {
    await page.goto('/settings/feature-flags');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const health = nav.getByRole('link', { name: 'Health', exact: true });
    await expect(health).toBeVisible();
    await page.getByRole('button', { name: 'Add Feature Flag' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill('health.disable');
    await dialog.getByLabel('Value').fill('true');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Feature flag added successfully')).toBeVisible();
    await expect(health).toHaveCount(0);
    await snapshot(page, 'feature-flags');
    await page.getByRole('cell', { name: 'health.disable' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    // Deleting asks first, as for users, agents, canaries and connections.
    await page
      .getByRole('dialog', { name: 'Delete Feature Flag' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(page.getByText('Feature flag removed successfully')).toBeVisible();
  });
});

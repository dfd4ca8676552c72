import { request, type Page } from '@playwright/test';
import { adminAccount, apiSignIn, createUser } from '../accounts.ts';
import { expect, snapshot, test } from '../fixtures.ts';

/** WebAuthn needs a host name for its relying party: the same server, as localhost. */
function onLocalhost(baseURL: string | undefined): string {
  return (baseURL ?? '').replace('127.0.0.1', 'localhost');
}

// The page runs on localhost, so it must not carry the fixtures' 127.0.0.1 Origin: the browser
// sends its own on every write.
test.use({ extraHTTPHeaders: {} });

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('E-Mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('adds a security key in settings and signs in with it as the second factor', async ({
  page,
  baseURL,
}) => {
  const user = { email: 'key@example.com', role: 'viewer', password: 'e2e key passphrase' };
  const admin = await request.newContext({
    baseURL: baseURL ?? '',
    extraHTTPHeaders: { Origin: baseURL ?? '' },
  });
  await apiSignIn(admin, adminAccount.email, adminAccount.password);
  await createUser(baseURL ?? '', admin, user);
  await admin.dispose();

  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'usb',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });

  const origin = onLocalhost(baseURL);
  await page.goto(`${origin}/login?return_to=/profile-settings`);
  await signIn(page, user.email, user.password);
  const keys = page.getByRole('region', { name: 'Manage Hardware Tokens and Biometrics' });
  await keys.getByLabel('Name of the security key').fill('Desk key');
  await keys.getByRole('button', { name: 'Add security key' }).click();
  await expect(page.getByText('Your changes have been saved!').first()).toBeVisible();
  await expect(keys.getByRole('button', { name: 'Remove security key "Desk key"' })).toBeVisible();
  await snapshot(page, 'webauthn-added');

  await page.context().clearCookies();
  await page.goto(`${origin}/login`);
  await signIn(page, user.email, user.password);
  await expect(page.getByRole('heading', { name: 'Two-Factor Authentication' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign in with hardware key' }).click();
  await expect(page).not.toHaveURL(/\/login/);
  const whoami = await page.request.get(`${origin}/api/auth/whoami`);
  expect(whoami.status()).toBe(200);
});

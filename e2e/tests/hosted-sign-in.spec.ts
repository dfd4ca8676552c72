import path from 'node:path';
import { createHash } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { z } from 'zod';
import {
  startOidcProvider,
  type TestOidcProvider,
} from '../../apps/server/test/identity/oidc-provider.ts';
import { expectAccessible } from '../fixtures.ts';
import { startVigil, type RunningServer } from '../server.ts';

/**
 * Hosted mode (VIGIL_AUTH=oidc-org) against a local OIDC provider: a server of its own, so the
 * suite's shared server keeps the built-in identity service.
 */
const clientId = 'vigil-e2e-hosted';
let op: TestOidcProvider;
let server: RunningServer;

// Sign-in crosses four page loads (page, session check, provider, callback): generous waits.
test.describe.configure({ mode: 'serial', timeout: 180_000 });
const signedIn = { timeout: 60_000 };

test.beforeAll(async () => {
  test.setTimeout(180_000);
  op = await startOidcProvider(clientId, 'e2e-hosted-client-secret-0123', { endSession: true });
  server = await startVigil({
    env: {
      VIGIL_AUTH: 'oidc-org',
      VIGIL_OIDC_ISSUER: op.issuer,
      VIGIL_OIDC_CLIENT_ID: clientId,
      VIGIL_OIDC_CLIENT_SECRET: 'e2e-hosted-client-secret-0123',
    },
    logPath: path.resolve(import.meta.dirname, '..', '.artifacts', 'hosted-server.log'),
  });
});

test.afterAll(async () => {
  await server.stop();
  await op.close();
});

const switcher = (page: Page, name: string) =>
  page.getByRole('button', { name: `Organization: ${name}` });

async function createOrganization(page: Page, current: string, name: string): Promise<void> {
  await switcher(page, current).click();
  await page.getByRole('button', { name: 'Create organization' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create organization' });
  await dialog.getByRole('button', { name: 'Create organization' }).click();
  await expect(dialog.getByText('This field is required')).toBeVisible();
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('button', { name: 'Create organization' }).click();
}

test('hosted sign-in goes through the provider with PKCE, state and nonce', async ({ page }) => {
  op.nextUser = {
    sub: 'e2e-hosted-ann',
    email: 'ann@hosted-e2e.example',
    email_verified: true,
    name: 'Ann Hosted',
    org_id: 'acme-e2e',
    org_name: 'Acme E2E',
  };
  await page.goto(`${server.baseUrl}/status`);
  await expect(page.getByRole('heading', { name: 'System status' })).toBeVisible(signedIn);
  expect(new URL(page.url()).pathname).toBe('/status');
  await expect(switcher(page, 'Acme E2E')).toBeVisible();

  const authorize = op.authorizeRequests.at(-1);
  expect(authorize?.get('code_challenge_method')).toBe('S256');
  expect(authorize?.get('state')?.length).toBeGreaterThanOrEqual(16);
  expect(authorize?.get('nonce')?.length).toBeGreaterThanOrEqual(16);
  const verifier = op.tokenRequests.at(-1)?.get('code_verifier') ?? '';
  expect(createHash('sha256').update(verifier).digest('base64url')).toBe(
    authorize?.get('code_challenge'),
  );
  // Hosted people manage their profile at the provider.
  await page.getByRole('button', { name: 'User menu' }).click();
  await expect(page.getByRole('link', { name: 'Your Profile' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expectAccessible(page);
});

test('hosted organisations: create one in a modal, switch between them', async ({ page }) => {
  op.nextUser = { sub: 'e2e-hosted-ann', email: 'ann@hosted-e2e.example', name: 'Ann Hosted' };
  await page.goto(`${server.baseUrl}/status`);
  await expect(switcher(page, 'Acme E2E')).toBeVisible(signedIn);
  await createOrganization(page, 'Acme E2E', 'Beta E2E');
  await expect(switcher(page, 'Beta E2E')).toBeVisible({ timeout: 30_000 });

  await switcher(page, 'Beta E2E').click();
  await expect(page.getByText('Organizations', { exact: true })).toBeVisible();
  // No personal workspace among the choices.
  await expect(page.getByText(/personal/i)).toHaveCount(0);
  await page.getByRole('button', { name: 'Acme E2E' }).click();
  await expect(switcher(page, 'Acme E2E')).toBeVisible({ timeout: 30_000 });
});

test('hosted organisations keep their checks and configs apart, in the console and the API', async ({
  page,
}) => {
  op.nextUser = { sub: 'e2e-hosted-ann', email: 'ann@hosted-e2e.example', name: 'Ann Hosted' };
  await page.goto(`${server.baseUrl}/status`);
  await expect(switcher(page, 'Acme E2E')).toBeVisible(signedIn);
  const write = { headers: { Origin: server.baseUrl, Prefer: 'return=representation' } };
  const canary = await page.request.post(`${server.baseUrl}/api/db/canaries`, {
    ...write,
    data: {
      name: 'acme-only-canary',
      spec: { schedule: '@every 1h', http: [{ name: 'acme-only', url: 'http://127.0.0.1:9/' }] },
    },
  });
  expect(canary.status(), await canary.text()).toBe(201);
  const config = await page.request.post(`${server.baseUrl}/api/db/config_items`, {
    ...write,
    data: {
      name: 'acme-only-config',
      type: 'Kubernetes::Deployment',
      config: { kind: 'Deployment' },
    },
  });
  expect(config.status(), await config.text()).toBe(201);
  const seen = async (visible: boolean) => {
    await page.goto(`${server.baseUrl}/settings/canaries`);
    await expect(page.getByRole('heading', { level: 1, name: 'Health Checks' })).toBeVisible();
    const canaryLink = page.getByRole('link', { name: 'acme-only-canary' });
    if (visible) await expect(canaryLink).toBeVisible();
    else await expect(page.getByText('No resources found')).toBeVisible();
    await page.goto(`${server.baseUrl}/catalog?search=acme-only-config`);
    await expect(page.getByText('acme-only-config').first()).toBeVisible({ visible });
    for (const [table, name] of [
      ['canaries', 'acme-only-canary'],
      ['checks', 'acme-only'],
      ['config_items', 'acme-only-config'],
    ] as const) {
      const found = await page.request.get(`${server.baseUrl}/api/db/${table}?name=eq.${name}`);
      expect([
        table,
        found.status(),
        z.array(z.unknown()).parse(await found.json()).length,
      ]).toEqual([table, 200, visible ? 1 : 0]);
    }
  };
  await seen(true);
  await switcher(page, 'Acme E2E').click();
  await page.getByRole('button', { name: 'Beta E2E' }).click();
  await expect(switcher(page, 'Beta E2E')).toBeVisible({ timeout: 30_000 });
  await seen(false);
  await switcher(page, 'Beta E2E').click();
  await page.getByRole('button', { name: 'Acme E2E' }).click();
  await expect(switcher(page, 'Acme E2E')).toBeVisible({ timeout: 30_000 });
  await seen(true);
});

test('hosted provisioning: someone with no organisation waits, then creates one', async ({
  page,
}) => {
  op.nextUser = { sub: 'e2e-hosted-solo', email: 'solo@hosted-e2e.example', name: 'Solo' };
  await page.goto(`${server.baseUrl}/status`);
  await expect(page.getByText('Please wait, instance provisioning in-progress ...')).toBeVisible(
    signedIn,
  );
  await expect(switcher(page, 'none selected')).toBeVisible();
  await expectAccessible(page);
  await createOrganization(page, 'none selected', 'Solo E2E');
  await expect(switcher(page, 'Solo E2E')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Please wait, instance provisioning in-progress ...')).toHaveCount(0);
});

test("hosted sign-out ends the provider's session as well", async ({ page }) => {
  op.nextUser = {
    sub: 'e2e-hosted-ann',
    email: 'ann@hosted-e2e.example',
    name: 'Ann Hosted',
    org_id: 'acme-e2e',
  };
  await page.goto(`${server.baseUrl}/status`);
  await expect(switcher(page, 'Acme E2E')).toBeVisible(signedIn);
  const issued = op.idTokens.at(-1);
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect.poll(() => op.endSessionRequests.length, signedIn).toBe(1);
  const ended = op.endSessionRequests[0];
  expect(ended?.get('id_token_hint')).toBe(issued);
  expect(ended?.get('post_logout_redirect_uri')).toBe(`${server.baseUrl}/login`);
});

test('hosted sign-in explains a failed attempt', async ({ page }) => {
  await page.goto(`${server.baseUrl}/api/auth/hosted/callback?code=x&state=forged-state-value`);
  await expect(page).toHaveURL(/\/login\?error=signin_expired/, signedIn);
  await expect(page.getByRole('alert')).toHaveText(
    'Your sign-in expired or was started in another browser. Please try again.',
  );
  await expect(page.getByRole('link', { name: 'Sign in with your organization' })).toBeVisible();
});

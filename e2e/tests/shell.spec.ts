import { authStatePath, expect, expectAccessible, snapshot, test } from '../fixtures.ts';

test.use({ storageState: authStatePath('admin') });

test('the SPA loads and shows the system status from the API', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/status');
  await expect(page).toHaveTitle(/Vigil/);
  await expect(page.getByRole('heading', { name: 'System status' })).toBeVisible();
  await expect(page.getByText('Database')).toBeVisible();
  await expect(page.getByText(/reachable|ok/i).first()).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toContainText('Health');
  await expectAccessible(page);
  await snapshot(page, 'home');
  expect(errors).toEqual([]);
});

test('deep links fall back to the SPA, which shows its not-found page', async ({ page }) => {
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('link', { name: 'Go back' })).toBeVisible();
  await snapshot(page, 'not-found');
});

test('hashed assets are cached for a year and index.html is not', async ({ page, request }) => {
  await page.goto('/');
  const index = await request.get('/');
  expect(index.headers()['cache-control']).toBe('no-cache');
  const script = await page.locator('script[src^="/assets/"]').first().getAttribute('src');
  expect(script).toBeTruthy();
  const asset = await request.get(script ?? '');
  expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
});

test('unknown API routes answer JSON 404s, not the SPA', async ({ request }) => {
  const response = await request.get('/api/no-such-route');
  expect(response.status()).toBe(404);
  expect(await response.json()).toMatchObject({ code: 'not_found' });
});

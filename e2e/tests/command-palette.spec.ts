import { z } from 'zod';
import { authStatePath, expect, expectAccessible, snapshot, test } from '../fixtures.ts';
import { roleApi } from '../api.ts';

test.use({ storageState: authStatePath('admin') });

const prefix = `palette-${Date.now().toString(36)}`;
const ids: Record<string, string> = {};

test.beforeAll(async () => {
  const admin = await roleApi();
  for (const suffix of ['a', 'b']) {
    const created = await admin.post('/api/db/canaries', {
      headers: { Prefer: 'return=representation' },
      data: {
        name: `${prefix}-${suffix}`,
        namespace: 'e2e',
        spec: {
          schedule: '@every 1h',
          tcp: [{ name: `probe-${suffix}`, endpoint: '127.0.0.1:9' }],
        },
      },
    });
    expect(created.status(), await created.text()).toBeLessThan(300);
    const [row] = z.array(z.object({ id: z.string() })).parse(await created.json());
    ids[suffix] = row?.id ?? '';
  }
  await admin.dispose();
});

test('Ctrl-K opens the palette; typing, an arrow and Enter open the server’s result', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/status');
  await expect(page.getByRole('heading', { name: 'System status' })).toBeVisible();
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await expect(palette).toBeVisible();
  await expect(palette.getByRole('combobox')).toBeFocused();
  await page.keyboard.type(prefix);
  const options = palette.getByRole('option');
  await expect(options.filter({ hasText: `${prefix}-a` })).toBeVisible();
  await expect(options.filter({ hasText: `${prefix}-b` })).toBeVisible();
  await expect(options.first()).toHaveAttribute('aria-selected', 'true');
  await expect(options.first()).toContainText(`${prefix}-a`);
  await expectAccessible(page);
  await snapshot(page, 'command-palette');
  await page.keyboard.press('ArrowDown');
  await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(palette).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/settings/canaries/${ids.b}$`));
  expect(errors).toEqual([]);
});

test('the palette jumps to pages and runs actions such as the theme switch', async ({ page }) => {
  await page.goto('/status');
  await page.getByRole('button', { name: /Search/ }).click();
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  // The palette is its own chunk: keys typed before it has focus would go to the page.
  await expect(palette.getByRole('combobox')).toBeFocused();
  await page.keyboard.type('jobs history');
  await expect(palette.getByRole('option', { name: /Jobs History/ })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/settings\/jobs$/);
  const dark = await page.evaluate(() => document.documentElement.classList.contains('dark'));
  await page.keyboard.press('Control+k');
  await expect(palette.getByRole('combobox')).toBeFocused();
  await page.keyboard.type(dark ? 'light theme' : 'dark theme');
  await page.keyboard.press('Enter');
  await expect
    .poll(() => page.evaluate(() => document.documentElement.classList.contains('dark')))
    .toBe(!dark);
});

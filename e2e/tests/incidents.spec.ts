import { authStatePath, expect, expectAccessible, test } from '../fixtures.ts';

const title = `E2E checkout down ${Date.now().toString(36)}`;
const shots = process.env.VIGIL_SCREENSHOTS;

test.use({ storageState: authStatePath('commander') });

/** One pass as a commander: create, plan, define done, and see the incident resolve itself. */
test('an incident goes from creation to resolved through its definition of done', async ({
  page,
}) => {
  await page.goto('/incidents');
  await expect(page.getByRole('heading', { name: 'Incidents' })).toBeVisible();
  await page.getByRole('button', { name: 'Create Incident' }).click();
  const create = page.getByRole('dialog', { name: 'Create New Incident' });
  await create.getByLabel('Title').fill(title);
  await create.getByLabel('Severity').selectOption('high');
  await create.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/incidents\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();

  await page.getByRole('tab', { name: 'Action Plan' }).click();
  await page.getByRole('button', { name: 'Add Issue' }).click();
  const hypothesis = page.getByRole('dialog', { name: 'Create Issue' });
  await hypothesis.getByLabel('Title').fill('Payment gateway timeouts');
  await hypothesis.getByRole('button', { name: 'Create' }).click();
  await expect(
    page.getByRole('textbox', { name: /Title of factor Payment gateway timeouts/ }),
  ).toBeVisible();

  await page.getByRole('tab', { name: 'Comments' }).click();
  await page.getByLabel('Comment', { exact: true }).fill('Gateway p99 is at 12 s');
  await page.getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(page.getByText('Gateway p99 is at 12 s')).toBeVisible();

  await page.getByRole('button', { name: /^Definition of done/ }).click();
  await page.getByRole('button', { name: 'Add definition of done' }).click();
  const dod = page.getByRole('dialog', { name: 'Add definition of done' });
  await dod.getByLabel('Comment').fill('Checkout error rate under 1%');
  await dod.getByRole('button', { name: 'Add' }).click();
  const items = page.getByRole('list', { name: 'Definition of done' });
  await expect(items.getByText('Checkout error rate under 1%')).toBeVisible();
  await expectAccessible(page);
  if (shots !== undefined) {
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      for (const width of [1440, 1024]) {
        await page.setViewportSize({ width, height: 900 });
        await page.screenshot({ path: `${shots}/incident-detail-${width}-${theme}.png` });
        await page.getByRole('tab', { name: 'Action Plan' }).click();
        await page.screenshot({ path: `${shots}/incident-plan-${width}-${theme}.png` });
        await page.getByRole('tab', { name: 'Comments' }).click();
      }
    }
    await page.emulateMedia({ colorScheme: 'light' });
  }

  await items.getByRole('button', { name: /Actions for/ }).click();
  await page.getByRole('menuitem', { name: 'Mark as resolved' }).click();
  await page
    .getByRole('dialog', { name: 'Mark as resolved' })
    .getByRole('button', { name: 'Confirm' })
    .click();
  await expect(page.getByRole('button', { name: 'Close' })).toBeVisible();
  await expect(page.locator('main').getByText('resolved', { exact: true }).first()).toBeVisible();

  await page.getByRole('button', { name: /^Changelog/ }).click();
  const changelog = page.getByRole('list', { name: 'Changelog' });
  for (const entry of [
    'Incident created',
    'Hypothesis created',
    'Evidence added',
    'Added to definition of done',
    'Status changed automatically',
  ]) {
    await expect(changelog.getByText(entry, { exact: true }).first()).toBeVisible();
  }

  await page.goto('/incidents?status=resolved');
  await expect(page.getByRole('table', { name: 'Incidents' }).getByText(title)).toBeVisible();
  await expectAccessible(page);
  if (shots !== undefined) {
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      for (const width of [1440, 1024]) {
        await page.setViewportSize({ width, height: 900 });
        await page.screenshot({ path: `${shots}/incidents-${width}-${theme}.png` });
      }
    }
  }
});

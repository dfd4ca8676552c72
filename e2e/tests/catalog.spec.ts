import { authStatePath, expect, snapshot, test } from '../fixtures.ts';
import { catalogIds, catalogNames, seedCatalog } from '../catalog-seed.ts';

test.use({ storageState: authStatePath('admin') });

test.beforeAll(async ({ baseURL }) => {
  await seedCatalog(baseURL ?? '');
});

test('/configs redirects to the catalog, which searches, filters and opens an item', async ({
  page,
}) => {
  await page.goto('/configs');
  await expect(page).toHaveURL(/\/catalog$/);
  // With no filter: the summary by provider then type, with counts.
  const summary = page.getByRole('table', { name: 'Catalog summary' });
  const pods = summary.getByRole('row').filter({ hasText: 'Kubernetes::Pod' });
  await expect(summary.getByRole('rowheader', { name: /Kubernetes/ }).first()).toBeVisible();
  await expect(pods).toContainText('4');
  await pods.getByRole('button', { name: 'Pin Kubernetes::Pod' }).click();
  await expect(
    summary.getByRole('button', { name: 'Unpin Kubernetes::Pod' }).first(),
  ).toBeVisible();
  await expect(summary.getByRole('rowheader', { name: /Favourites/ })).toBeVisible();
  await snapshot(page, 'catalog-summary');
  await pods.first().getByRole('button', { name: 'Kubernetes::Pod', exact: true }).click();
  await expect(page).toHaveURL(/configType=Kubernetes%3A%3APod/);
  await expect(page.getByRole('table', { name: 'Catalog' })).toContainText(catalogNames.pod(1));
  await page.getByRole('button', { name: 'Remove filter type: Kubernetes::Pod' }).click();
  await expect(page.getByRole('table', { name: 'Catalog summary' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search the catalog' }).fill('e2e-payments');
  await expect(page).toHaveURL(/search=e2e-payments/);
  const table = page.getByRole('table', { name: 'Catalog' });
  await expect(table.getByRole('link', { name: new RegExp(catalogNames.pod(4)) })).toBeVisible();
  // Hide Deleted defaults to yes.
  await expect(table.getByText(catalogNames.deleted)).toHaveCount(0);
  await page.getByRole('checkbox', { name: 'Hide Deleted' }).uncheck();
  await expect(table.getByText(catalogNames.deleted)).toBeVisible();
  await page.getByRole('checkbox', { name: 'Hide Deleted' }).check();

  // The include and exclude buttons show on hover, as a person would find them.
  const podRow = table.getByRole('row').filter({ hasText: catalogNames.pod(1) });
  await podRow.getByText('Kubernetes::Pod', { exact: true }).hover();
  await podRow.getByRole('button', { name: 'Exclude type Kubernetes::Pod' }).click();
  await expect(page).toHaveURL(/configType=%21Kubernetes%3A%3APod/);
  await expect(table.getByText(catalogNames.pod(1))).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Active filters' })).toContainText('Kubernetes::Pod');
  const namespaceRow = table.getByRole('row').filter({ hasText: catalogNames.namespace });
  await namespaceRow.getByText('cluster: e2e').hover();
  await namespaceRow.getByRole('button', { name: 'Include tag cluster=e2e' }).click();
  await expect(page).toHaveURL(/tags=cluster____e2e%3A1/);
  await snapshot(page, 'catalog-list');

  await table.getByRole('link', { name: new RegExp(catalogNames.namespace) }).click();
  await expect(page).toHaveURL(`/catalog/${catalogIds.namespace}`);
  await expect(page.getByRole('heading', { name: catalogNames.namespace })).toBeVisible();
});

test('the config detail shows numbered lines, a selection in the URL and one sidebar section', async ({
  page,
}) => {
  await page.goto(`/catalog/${catalogIds.namespace}`);
  await page.getByRole('button', { name: 'Select line 3' }).click();
  await page.getByRole('button', { name: 'Select line 4' }).click();
  await expect(page).toHaveURL(/selected=3&selected=4/);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Unselect line 4' })).toBeVisible();

  const properties = page.getByRole('button', { name: 'Properties' });
  const times = page.getByRole('button', { name: 'Times' });
  await expect(properties).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByText('eu-west-1')).toBeVisible();
  await times.click();
  await expect(times).toHaveAttribute('aria-expanded', 'true');
  await expect(properties).toHaveAttribute('aria-expanded', 'false');

  const tabs = page.getByRole('tablist', { name: 'Config views' });
  await expect(tabs.getByRole('tab', { name: /Relationships/ })).toContainText('5');
  await expect(tabs.getByRole('tab', { name: /Insights/ })).toContainText('1');
  await snapshot(page, 'catalog-detail');
});

test('a missing config shows Details not found', async ({ page }) => {
  await page.goto('/catalog/0193a000-0000-7000-8000-00000000dead');
  await expect(page.getByText('Details not found')).toBeVisible();
});

test('a change opens with its diff side by side and unified', async ({ page }) => {
  await page.goto('/catalog/changes');
  const row = page.getByRole('table', { name: 'Changes' }).getByRole('row').filter({
    hasText: 'replicas 2 → 3',
  });
  await expect(row).toContainText('3');
  await row.getByRole('button', { name: catalogNames.namespace }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('"replicas": 2,');
  await expect(dialog).toContainText('"replicas": 3,');
  await expect(dialog.locator('.diff-split')).toBeVisible();
  await dialog.getByRole('radio', { name: 'Unified' }).click();
  await expect(dialog.locator('.diff-unified')).toBeVisible();
  await snapshot(page, 'catalog-change-diff');
  await dialog.getByRole('button', { name: 'Close' }).first().click();

  await row.getByRole('button', { name: 'e2e-scraper' }).click();
  await expect(page).toHaveURL(/source=e2e-scraper/);
  await page.getByRole('button', { name: 'Remove filter source: e2e-scraper' }).click();
  await expect(page).not.toHaveURL(/source=/);
});

test('insights list, sort on the server, and open with a sanitised message', async ({ page }) => {
  await page.goto('/catalog/insights');
  const table = page.getByRole('table', { name: 'Insights' });
  await table.getByRole('button', { name: 'Severity' }).click();
  await expect(page).toHaveURL(/sortBy=severity/);
  await table.getByRole('button', { name: 'e2e-privileged-pods' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Pods run privileged in the payments namespace.');
  await expect(dialog.locator('b')).toHaveCount(0);
});

test('the relationships graph groups the pods, and a manual link is unlinked after confirmation', async ({
  page,
}) => {
  await page.goto(`/catalog/${catalogIds.namespace}/relationships?view=graph`);
  const graph = page.getByTestId('relationships-graph');
  const group = graph.getByRole('button', { name: /4 × Kubernetes::Pod/ });
  await expect(group).toHaveAttribute('aria-expanded', 'false');
  await expect(graph.getByText(catalogNames.pod(1))).toHaveCount(0);
  await group.click();
  await expect(graph.getByText(catalogNames.pod(1))).toBeVisible();
  await snapshot(page, 'catalog-relationships-graph');

  await page.getByRole('radio', { name: 'Table' }).click();
  const row = page
    .getByRole('table', { name: 'Relationships' })
    .getByRole('row')
    .filter({ hasText: catalogNames.service });
  await row.getByRole('button', { name: 'Unlink' }).click();
  await expect(page.getByRole('dialog')).toContainText(
    'Are you sure you want to delete this config link',
  );
  await page.getByRole('dialog').getByRole('button', { name: 'Unlink' }).click();
  await expect(page.getByText('Deleted config link successfully')).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Relationships' }).getByText(catalogNames.service),
  ).toHaveCount(0);
  // Put the link back for the other specs (layout, viewer).
  await seedCatalog(process.env.VIGIL_E2E_BASE_URL ?? '');
});

test.describe('as a viewer', () => {
  test.use({ storageState: authStatePath('viewer') });

  test('a viewer sees the relationships but no Unlink', async ({ page }) => {
    await page.goto(`/catalog/${catalogIds.namespace}/relationships`);
    const table = page.getByRole('table', { name: 'Relationships' });
    await expect(table.getByText(catalogNames.service)).toBeVisible();
    await expect(table.getByText('manual').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Unlink' })).toHaveCount(0);
  });
});

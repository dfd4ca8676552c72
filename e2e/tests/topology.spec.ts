import { authStatePath, expect, expectAccessible, snapshot, test } from '../fixtures.ts';
import { seedTopology, topologyIds, topologyNames } from '../topology-seed.ts';

test.use({ storageState: authStatePath('admin') });

test.beforeAll(async ({ baseURL }) => {
  await seedTopology(baseURL ?? '');
});

test('the dashboard shows cards, keeps filters and sort in the URL, and opens the side panel', async ({
  page,
}) => {
  await page.goto('/topology?labels=env%3De2e');
  const grid = page.getByRole('list', { name: 'Components' });
  const cluster = grid.getByRole('article', { name: topologyNames.cluster });
  await expect(cluster).toBeVisible();
  // The cluster's status is rolled up from its nodes: a mixed subtree is a warning.
  await expect(cluster).toContainText('1 of 2 children unhealthy');
  await expect(cluster).toHaveClass(/border-t-warning/);
  await expect(cluster).toContainText('$1.5k');
  // Children with their health, unhealthy first.
  await expect(cluster.getByRole('link', { name: /e2e-topo-node/ }).first()).toHaveText(
    topologyNames.nodeB,
  );
  await expect(grid.getByRole('article', { name: topologyNames.database })).toBeVisible();
  await expectAccessible(page);
  await snapshot(page, 'topology-dashboard');

  // Filters: a type goes into the URL, 'All' takes it out again.
  await page.getByRole('combobox', { name: 'Type' }).selectOption('Database');
  await expect(page).toHaveURL(/type=Database/);
  await expect(grid.getByRole('article', { name: topologyNames.cluster })).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Type' }).selectOption('All');
  await expect(page).not.toHaveURL(/type=/);

  // Sort by name, kept in the URL and in this browser.
  await page.getByRole('combobox', { name: 'Sort by' }).selectOption('name');
  await expect(page).toHaveURL(/sortBy=name/);
  expect(await page.evaluate(() => localStorage.getItem('topologyCardsSortByStandard'))).toBe(
    'name',
  );
  await page.getByRole('button', { name: 'Large cards (356 px)' }).click();
  expect(await page.evaluate(() => localStorage.getItem('topology_card_width'))).toBe('356');

  // Zoom in: the children become the cards and the side panel opens on Details.
  await grid
    .getByRole('article', { name: topologyNames.cluster })
    .getByRole('button', { name: `Actions for ${topologyNames.cluster}` })
    .click();
  await page.getByRole('menuitem', { name: 'Zoom In' }).click();
  await expect(page).toHaveURL(new RegExp(`/topology/${topologyIds.cluster}`));
  const panel = page.getByRole('complementary', { name: 'Component details' });
  await expect(panel.getByRole('button', { name: 'Details' })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  await expect(grid.getByRole('article', { name: topologyNames.nodeB })).toBeVisible();
  await panel.getByRole('button', { name: 'Teams' }).click();
  await expect(panel.getByText(topologyNames.team)).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Details' })).toHaveAttribute(
    'aria-expanded',
    'false',
  );
  await panel.getByRole('button', { name: 'Catalog' }).click();
  await expect(panel.getByRole('link', { name: topologyNames.config })).toBeVisible();
  await expectAccessible(page);
  await snapshot(page, 'topology-component');

  await page.goto(`/view/topology/${topologyIds.cluster}?size=medium`);
  await expect(page.getByRole('article', { name: topologyNames.cluster })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toHaveCount(0);
});

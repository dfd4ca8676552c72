import { type Page } from '@playwright/test';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { authStatePath, expect, expectAccessible, test } from '../fixtures.ts';
import { seedCatalog } from '../catalog-seed.ts';
import { findInvisibleFocus, findLayoutProblems, openScreen, screens, widths } from '../layout.ts';
import { roleApi } from '../api.ts';

/** `npm run screenshots` sets this: every screen at 1440 px in both themes. */
const screenshotDir = process.env.VIGIL_SCREENSHOTS;
const themes = ['light', 'dark'] as const;

let target: Server;

test.use({ storageState: authStatePath('admin') });
// Screens are independent: both workers share them (each runs the beforeAll for itself).
test.describe.configure({ mode: 'parallel' });

/** One canary with a long check name, so that lists and the health page have rows. */
test.beforeAll(async ({ baseURL }) => {
  target = createServer((_request, response) => response.writeHead(200).end('ok'));
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  const address: AddressInfo | string | null = target.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  const api = await roleApi();
  const created = await api.post('/api/db/canaries', {
    data: {
      name: `e2e-layout-${Date.now().toString(36)}`,
      namespace: 'e2e',
      // Tags fill the Tags column as real canaries do: without them the table looks narrower.
      labels: { team: 'payments', tier: 'gold' },
      spec: {
        schedule: '@every 30s',
        http: [
          {
            name: 'payments-api-eu-west-1-primary-endpoint-latency',
            url: `http://127.0.0.1:${address.port}/health`,
            labels: { tier: 'gold', region: 'eu-west-1' },
          },
        ],
      },
    },
  });
  expect(created.status(), await created.text()).toBeLessThan(300);
  await api.dispose();
  await seedCatalog(baseURL ?? '');
});

test.afterAll(async () => {
  await new Promise((resolve) => target.close(resolve));
});

async function expectNoLayoutProblems(page: Page, where: string): Promise<void> {
  const problems = await findLayoutProblems(page);
  expect(problems.map((p) => `${where}: ${p.kind} ${p.detail}`)).toEqual([]);
}

test('the layout check sees overflow, a cut header, a hidden column and a cut placeholder', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1024, height: 900 });
  await page.setContent(`
    <h1 style="width: 80px; overflow: hidden; white-space: nowrap">A heading far too long</h1>
    <table style="width: 1400px"><tr><th>Name</th><th style="width: 1200px">Updated</th></tr></table>
    <input style="width: 60px" placeholder="Search by name, description, or endpoint">`);
  const kinds = (await findLayoutProblems(page)).map((problem) => problem.kind);
  expect(new Set(kinds)).toEqual(
    new Set(['page overflow', 'cut header', 'hidden column', 'cut placeholder']),
  );
});

test('the layout check sees a table scrolled sideways at 1440 px and a key column scrolled away', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const table = (sticky: string) => `
    <div style="width: 600px; overflow-x: auto">
      <table style="width: 1200px"><tr>
        <th style="${sticky}">Name</th><th>Schedule</th><th>Updated</th><th>Created By</th>
      </tr></table>
    </div>`;
  await page.setContent(table(''));
  expect((await findLayoutProblems(page)).map((problem) => problem.kind)).toEqual([
    'scrolled column',
    'lost key column',
  ]);
  await page.setContent(table('position: sticky; left: 0'));
  expect((await findLayoutProblems(page)).map((problem) => problem.kind)).toEqual([
    'scrolled column',
  ]);
  // Below 1440 px the table may scroll, so long as its key column stays.
  await page.setViewportSize({ width: 1024, height: 900 });
  expect(await findLayoutProblems(page)).toEqual([]);
});

test('the focus check sees a control focused without a visible indicator', async ({ page }) => {
  await page.setContent(`
    <style>
      button:focus-visible { outline: 2px solid transparent; box-shadow: 0 0 0 0 rgb(0 0 0 / 0) }
      #ring:focus-visible { box-shadow: 0 0 0 2px rgb(59, 130, 246) }
    </style>
    <button id="ring">Ringed</button><button>Bare</button><a href="#x">Outlined</a>`);
  expect(await findInvisibleFocus(page)).toEqual(['button "Bare"']);
});

test('the health toolbar wraps as a whole: Time Range and Refresh rate share a row', async ({
  page,
}) => {
  await page.setViewportSize({ width: widths[0], height: 900 });
  await openScreen(page, '/health?hidePassing=false');
  for (const width of [...widths, 2560]) {
    await page.setViewportSize({ width, height: 900 });
    const range = await page.getByLabel('Time Range').boundingBox();
    const refresh = await page.getByLabel('Refresh rate').boundingBox();
    expect(range?.y, `at ${width}`).toBe(refresh?.y);
    expect(await findLayoutProblems(page)).toEqual([]);
  }
});

/**
 * One visit per screen: every width by resizing, then axe in each theme by switching the
 * system setting, which the console follows live. Keeps the spec well under two minutes.
 */
for (const screen of screens) {
  test(`${screen.name} fits every width and passes axe in both themes`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: widths[0], height: 900 });
    await openScreen(page, screen.path);
    if (screenshotDir === undefined) {
      // Every width's problems in one failure: a fix for one width often moves another's.
      const problems: string[] = [];
      for (const width of widths) {
        await page.setViewportSize({ width, height: 900 });
        for (const problem of await findLayoutProblems(page))
          problems.push(`${screen.name} at ${width}: ${problem.kind} ${problem.detail}`);
      }
      expect(problems).toEqual([]);
      expect(await findInvisibleFocus(page), 'focused without a visible indicator').toEqual([]);
    }
    for (const theme of themes) {
      await page.emulateMedia({ colorScheme: theme });
      await page.setViewportSize({ width: 1440, height: 900 });
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await expectAccessible(page);
      if (screenshotDir === undefined) continue;
      await page.screenshot({ path: `${screenshotDir}/${screen.name}-1440-${theme}.png` });
      await page.setViewportSize({ width: 1024, height: 900 });
      await page.screenshot({ path: `${screenshotDir}/${screen.name}-1024-${theme}.png` });
    }
  });
}

test.describe('signed out', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test('the sign-in page fits every width and passes axe in both themes', async ({ page }) => {
    for (const theme of themes) {
      await page.emulateMedia({ colorScheme: theme });
      for (const width of widths) {
        await page.setViewportSize({ width, height: 900 });
        await openScreen(page, '/login');
        await expectNoLayoutProblems(page, `login at ${width} in ${theme}`);
      }
      await expectAccessible(page);
      if (screenshotDir !== undefined)
        await page.screenshot({ path: `${screenshotDir}/login-1920-${theme}.png` });
    }
  });
});

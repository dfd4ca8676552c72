import fs from 'node:fs';
import { AxeBuilder } from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

/** Every test gets the running server as its baseURL. */
export const test = base.extend<{ recordApiResponses: void }>({
  /** Every /api response body of every test, for the security test to scan afterwards. */
  recordApiResponses: [
    async ({ page }, use) => {
      page.on('response', (response) => {
        if (!response.url().includes('/api/')) return;
        void response
          .text()
          .then((body) =>
            fs.appendFileSync(
              responsesPath,
              `${JSON.stringify({ url: response.url(), body: body.slice(0, 200_000) })}\n`,
            ),
          )
          .catch(() => undefined);
      });
      await use();
    },
    { auto: true },
  ],
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
  baseURL: async ({}, use) => {
    const url = process.env.VIGIL_E2E_BASE_URL;
    if (!url)
      throw new Error('VIGIL_E2E_BASE_URL is not set; run through e2e/playwright.config.ts');
    await use(url);
  },
  // As the console's own pages send it: the server refuses cookie writes from other origins,
  // and page.request (which shares the page's cookies) sends no Origin by itself.
  extraHTTPHeaders: async ({ baseURL }, use) => {
    await use({ Origin: baseURL ?? '' });
  },
});

export { expect };

async function expectNoViolations(page: Page, theme: string): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  const described = serious.map(
    (v) => `${theme}: ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  );
  expect(described).toEqual([]);
}

/**
 * Fails on serious or critical accessibility violations (DESIGN §7) in the theme shown, then
 * in the other one when the page follows the system setting (it does unless a test picked one).
 */
export async function expectAccessible(page: Page): Promise<void> {
  const shown = (await page.locator('html').getAttribute('data-theme')) ?? 'light';
  await expectNoViolations(page, shown);
  const other = shown === 'dark' ? 'light' : 'dark';
  await page.emulateMedia({ colorScheme: other });
  const follows = await page
    .locator(`html[data-theme="${other}"]`)
    .waitFor({ timeout: 2_000 })
    .then(
      () => true,
      () => false,
    );
  if (follows) {
    // Colours mid-transition would be measured as they are half-way.
    await page.evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a instanceof CSSTransition)
          .map((a) => a.finished.catch(() => a)),
      ),
    );
    await expectNoViolations(page, other);
  }
  await page.emulateMedia({ colorScheme: shown === 'dark' ? 'dark' : 'light' });
  if (follows) await expect(page.locator('html')).toHaveAttribute('data-theme', shown);
}

/** Screenshots land beside the run's artifacts so that a person can look at them. */
export async function snapshot(page: Page, name: string): Promise<void> {
  // Transitions run to their end first: a theme switched just before would be half-drawn.
  await page.screenshot({
    path: `e2e/.artifacts/screens/${name}.png`,
    fullPage: true,
    animations: 'disabled',
  });
}

export type E2eRole = 'admin' | 'editor' | 'commander' | 'responder' | 'viewer';

/** Signed-in browser state per role, written by tests/auth.setup.ts. */
export function authStatePath(role: E2eRole): string {
  return `e2e/.artifacts/auth/${role}.json`;
}

export const responsesPath = 'e2e/.artifacts/responses.jsonl';

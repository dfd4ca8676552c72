import type { Page } from '@playwright/test';
import { expect, expectAccessible } from './fixtures.ts';

/** Waits until sonner's toasts are gone; a pointer resting on one holds it open, so move it off. */
export async function waitForNoToasts(page: Page): Promise<void> {
  await page.mouse.move(0, 0);
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
}

/**
 * Axe once the toasts are gone: sonner fades a toast stacked behind another, and axe reads the
 * faded one as low contrast (a toaster finding, not the page's).
 */
export async function expectAccessibleWithoutToasts(page: Page): Promise<void> {
  await waitForNoToasts(page);
  await expectAccessible(page);
}

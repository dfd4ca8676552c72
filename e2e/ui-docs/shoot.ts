import fs from 'node:fs';
import path from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';

export const themes = ['light', 'dark'] as const;
export type Theme = (typeof themes)[number];

/** `npm run screenshots:ui` sets this to docs/ui (scripts/screenshots-ui.mjs). */
export function outputDir(): string {
  const dir = process.env.VIGIL_UI_DOCS;
  if (dir === undefined) throw new Error('VIGIL_UI_DOCS is not set; run `npm run screenshots:ui`');
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

/** Switches the system setting, which the console follows, and waits until it is drawn. */
export async function showTheme(page: Page, theme: Theme): Promise<void> {
  await page.emulateMedia({ colorScheme: theme });
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
  // Colours mid-transition would be captured half-way.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a instanceof CSSTransition)
        .map((a) => a.finished.catch(() => a)),
    ),
  );
}

/** The box around every locator given, plus a margin, kept inside the window. */
async function unionBox(
  page: Page,
  parts: readonly Locator[],
  margin: number,
): Promise<{ x: number; y: number; width: number; height: number }> {
  const boxes = await Promise.all(parts.map((part) => part.boundingBox()));
  const found = boxes.filter((box) => box !== null);
  if (found.length === 0) throw new Error('nothing to capture');
  const viewport = page.viewportSize() ?? { width: 1440, height: 900 };
  const x = Math.max(0, Math.min(...found.map((b) => b.x)) - margin);
  const y = Math.max(0, Math.min(...found.map((b) => b.y)) - margin);
  const right = Math.min(viewport.width, Math.max(...found.map((b) => b.x + b.width)) + margin);
  const bottom = Math.min(viewport.height, Math.max(...found.map((b) => b.y + b.height)) + margin);
  return { x, y, width: right - x, height: bottom - y };
}

export interface ShootOptions {
  /** Pixels of the page around the component (default 8). */
  margin?: number;
  /** Runs after each theme switch, before the picture (e.g. to raise a fresh toast). */
  before?: (theme: Theme) => Promise<void>;
}

/**
 * Writes docs/ui/<name>-light.png and <name>-dark.png: the page cropped to the components
 * given, in each theme, with animations stopped.
 */
export async function shoot(
  page: Page,
  name: string,
  parts: readonly Locator[],
  options: ShootOptions = {},
): Promise<void> {
  const dir = outputDir();
  for (const theme of themes) {
    await showTheme(page, theme);
    await options.before?.(theme);
    for (const part of parts) await expect(part).toBeVisible();
    const clip = await unionBox(page, parts, options.margin ?? 8);
    await page.screenshot({
      path: path.join(dir, `${name}-${theme}.png`),
      clip,
      animations: 'disabled',
      caret: 'hide',
    });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

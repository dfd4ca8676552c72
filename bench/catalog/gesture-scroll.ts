/// <reference lib="dom" />
import fs from 'node:fs/promises';
import type { Browser } from '@playwright/test';
import { z } from 'zod';
import { analyseTrace, traceCategories, type TraceFigures } from './scroll-trace.ts';

export interface GestureSample extends TraceFigures {
  readonly rowsLoaded: number;
  readonly scrolledPx: number;
}

const mark = 'catalog-gesture';
const position = z.object({ rows: z.number(), scrolled: z.number() });
// Page-side; no named inner functions (tsx's `__name` helper is not in the page).
const markWindow = (name: string): unknown => {
  performance.mark(name);
  const box = document.querySelector('[data-testid="configs-scroller"]');
  return {
    rows: Number(box?.querySelector('table')?.getAttribute('aria-rowcount') ?? 1) - 1,
    scrolled: box?.scrollTop ?? 0,
  };
};

// Page-side: pages in rows (infinite scroll, as a person scrolling down would) until `rows` are
// loaded, then back to the top, so that the measured scroll is not waiting on the network.
const loadRows = async (rows: number): Promise<number> => {
  const box = document.querySelector('[data-testid="configs-scroller"]');
  const table = box?.querySelector('table');
  if (!(box instanceof HTMLElement) || !table) throw new Error('no catalog scroller');
  const deadline = performance.now() + 120_000;
  let loaded = Number(table.getAttribute('aria-rowcount') ?? 1) - 1;
  while (loaded < rows && performance.now() < deadline) {
    const before = loaded;
    box.scrollTop = box.scrollHeight;
    while (loaded === before && performance.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      loaded = Number(table.getAttribute('aria-rowcount') ?? 1) - 1;
    }
  }
  box.scrollTop = 0;
  await new Promise((resolve) => setTimeout(resolve, 1000));
  return loaded;
};

/**
 * A mouse-wheel scroll of the flat table synthesised by Chromium's input pipeline at `speed`
 * px/s (Telemetry's smoothness method): the compositor scrolls as it would for a person, and the
 * frames it presented or dropped are read from a trace of the same run.
 */
export async function measureGestureScroll(
  browser: Browser,
  url: string,
  cookies: ReadonlyArray<readonly [string, string]>,
  args: { readonly speed: number; readonly seconds: number; readonly preload: boolean },
  saveTrace?: string,
): Promise<GestureSample> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    await context.addCookies(cookies.map(([name, value]) => ({ name, value, url })));
    const page = await context.newPage();
    await page.goto(url);
    const scroller = page.getByTestId('configs-scroller');
    await page.locator('table[aria-label="Catalog"] tbody tr').first().waitFor({ timeout: 60_000 });
    const box = await scroller.boundingBox();
    if (box === null) throw new Error('the catalog scroller has no box');
    if (args.preload) {
      const rows = Math.ceil((args.speed * args.seconds) / 37) + 60;
      const loaded = z.number().parse(await page.evaluate(loadRows, rows));
      if (loaded < rows) throw new Error(`only ${loaded} of ${rows} rows loaded`);
    }
    const cdp = await context.newCDPSession(page);
    await browser.startTracing(page, { categories: [...traceCategories, 'blink.user_timing'] });
    await page.evaluate(markWindow, mark);
    await cdp.send('Input.synthesizeScrollGesture', {
      x: Math.round(box.x + box.width / 2),
      y: Math.round(box.y + box.height / 2),
      yDistance: -args.speed * args.seconds,
      speed: args.speed,
      gestureSourceType: 'mouse',
      preventFling: true,
    });
    const end = position.parse(await page.evaluate(markWindow, mark));
    const traced = (await browser.stopTracing()).toString('utf8');
    if (saveTrace !== undefined) await fs.writeFile(saveTrace, traced);
    return { ...analyseTrace(traced, mark), rowsLoaded: end.rows, scrolledPx: end.scrolled };
  } finally {
    await context.close();
  }
}

/// <reference lib="dom" />
import fs from 'node:fs/promises';
import type { Browser } from '@playwright/test';
import { z } from 'zod';
import { analyseTrace, traceCategories, type TraceFigures } from './scroll-trace.ts';

export interface ScrollSample {
  readonly frames: number;
  /** Frames that came more than 1.5 refresh intervals (25 ms at 60 Hz) after the previous one. */
  readonly dropped: number;
  readonly fps: number;
  readonly p95FrameMs: number;
  readonly rowsLoaded: number;
  readonly scrolledPx: number;
  /** From a Chromium trace of the same scroll, when asked for. */
  readonly trace?: TraceFigures;
}

const scrollArgs = z.object({ speed: z.number(), seconds: z.number() });
type ScrollArgs = z.output<typeof scrollArgs>;

// Page-side: scrolls the flat table at a steady speed from requestAnimationFrame and records
// every frame's interval, as a user flicking the wheel would drive it. No named inner functions:
// tsx wraps those in a `__name` helper that the page does not have.
const scrollAndRecord = async (args: ScrollArgs): Promise<unknown> => {
  const box = document.querySelector('[data-testid="configs-scroller"]');
  if (!(box instanceof HTMLElement)) throw new Error('no catalog scroller');
  const intervals: number[] = [];
  const started = await new Promise<number>((resolve) => requestAnimationFrame(resolve));
  performance.mark('catalog-scroll');
  let last = started;
  for (;;) {
    const now = await new Promise<number>((resolve) => requestAnimationFrame(resolve));
    intervals.push(now - last);
    box.scrollTop += (args.speed * (now - last)) / 1000;
    last = now;
    if (now - started >= args.seconds * 1000) break;
  }
  performance.mark('catalog-scroll');
  return {
    intervals,
    rows: Number(box.querySelector('table')?.getAttribute('aria-rowcount') ?? 1) - 1,
    scrolled: box.scrollTop,
  };
};

const recorded = z.object({
  intervals: z.array(z.number()),
  rows: z.number(),
  scrolled: z.number(),
});

/** One scroll of the flat table at `speed` px/s for `seconds`, in a fresh signed-in context. */
export async function measureScroll(
  browser: Browser,
  url: string,
  cookies: ReadonlyArray<readonly [string, string]>,
  args: ScrollArgs,
  options: { readonly trace?: boolean; readonly saveTrace?: string } = {},
): Promise<ScrollSample> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    await context.addCookies(cookies.map(([name, value]) => ({ name, value, url })));
    const page = await context.newPage();
    await page.goto(url);
    await page.locator('table[aria-label="Catalog"] tbody tr').first().waitFor({ timeout: 60_000 });
    const tracing = options.trace === true || options.saveTrace !== undefined;
    if (tracing) {
      await browser.startTracing(page, { categories: [...traceCategories, 'blink.user_timing'] });
    }
    const run = recorded.parse(await page.evaluate(scrollAndRecord, scrollArgs.parse(args)));
    const traced = tracing ? (await browser.stopTracing()).toString('utf8') : undefined;
    if (traced !== undefined && options.saveTrace !== undefined) {
      await fs.writeFile(options.saveTrace, traced);
    }
    const sorted = [...run.intervals].sort((a, b) => a - b);
    const total = run.intervals.reduce((sum, ms) => sum + ms, 0);
    return {
      frames: run.intervals.length,
      dropped: run.intervals.filter((ms) => ms > 25).length,
      fps: total > 0 ? (run.intervals.length * 1000) / total : 0,
      p95FrameMs: sorted[Math.floor(sorted.length * 0.95)] ?? 0,
      rowsLoaded: run.rows,
      scrolledPx: run.scrolled,
      ...(traced === undefined ? {} : { trace: analyseTrace(traced, 'catalog-scroll') }),
    };
  } finally {
    await context.close();
  }
}

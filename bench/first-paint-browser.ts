/// <reference lib="dom" />
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from '@playwright/test';
import { z } from 'zod';
import { chromiumArgs, chromiumPath } from '../../e2e/chromium.ts';

export interface PaintSample {
  /** From navigation start to the first frame painted after the first check row exists. */
  readonly firstTableMs: number;
  /** When the summary answer arrived (responseEnd), from navigation start. */
  readonly summaryMs: number;
  /** When the page asked for the summary, from navigation start. */
  readonly summaryStartMs: number;
  readonly rowsInDom: number;
}

export interface ScriptBytes {
  readonly files: number;
  readonly raw: number;
  readonly gzip: number;
}

// Runs in the page before its scripts: the first check row's next painted frame is recorded.
const recordFirstTablePaint = `(() => {
  const observer = new MutationObserver(() => {
    if (!document.querySelector('table[aria-label="Checks"] tbody tr button')) return;
    observer.disconnect();
    requestAnimationFrame(() => setTimeout(() => { window.firstTablePaint = performance.now(); }, 0));
  });
  observer.observe(document, { childList: true, subtree: true });
})();`;

// Page-side functions: they run in Chromium, where the page's CSP forbids evaluating strings.
const painted = (): boolean => Reflect.has(window, 'firstTablePaint');
const readSample = (): unknown => {
  const summary = performance
    .getEntriesByType('resource')
    .find((entry) => entry.name.includes('/api/canary/api/summary'));
  const firstTableMs: unknown = Reflect.get(window, 'firstTablePaint');
  return {
    firstTableMs,
    summaryMs: summary instanceof PerformanceResourceTiming ? summary.responseEnd : null,
    summaryStartMs: summary instanceof PerformanceResourceTiming ? summary.startTime : null,
    rowsInDom: document.querySelectorAll('table[aria-label="Checks"] tbody tr button').length,
  };
};
const timing = z
  .number()
  .nullable()
  .transform((value) => value ?? Number.NaN);
const sampleSchema = z.object({
  firstTableMs: z.number(),
  summaryMs: timing,
  summaryStartMs: timing,
  rowsInDom: z.number(),
});

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    args: chromiumArgs,
  });
}

/** One cold navigation (a new context: empty HTTP cache) as a signed-in user. */
export async function measurePaint(
  browser: Browser,
  url: string,
  cookies: ReadonlyArray<readonly [string, string]>,
): Promise<PaintSample> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    await context.addCookies(cookies.map(([name, value]) => ({ name, value, url })));
    await context.addInitScript(recordFirstTablePaint);
    const page = await context.newPage();
    await page.goto(url);
    await page.waitForFunction(painted, undefined, { timeout: 60_000 });
    return sampleSchema.parse(await page.evaluate(readSample));
  } finally {
    await context.close();
  }
}

/** Every script the page loads until its table is painted, with its gzip size (level 9). */
export async function initialScripts(
  browser: Browser,
  url: string,
  cookies: ReadonlyArray<readonly [string, string]>,
): Promise<ScriptBytes> {
  const context = await browser.newContext();
  try {
    await context.addCookies(cookies.map(([name, value]) => ({ name, value, url })));
    await context.addInitScript(recordFirstTablePaint);
    const page = await context.newPage();
    const bodies: Array<Promise<Buffer>> = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') bodies.push(response.body());
    });
    await page.goto(url);
    await page.waitForFunction(painted, undefined, { timeout: 60_000 });
    const scripts = await Promise.all(bodies);
    return {
      files: scripts.length,
      raw: scripts.reduce((sum, body) => sum + body.length, 0),
      gzip: scripts.reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0),
    };
  } finally {
    await context.close();
  }
}

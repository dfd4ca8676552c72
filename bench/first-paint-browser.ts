/// <reference lib="dom" />
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from '@playwright/test';
import { z } from 'zod';
import { chromiumArgs, chromiumPath } from '../e2e/chromium.ts';

export interface PaintSample {
  /** From navigation start to the first frame painted after the first table row exists. */
  readonly firstTableMs: number;
  /** When the page's main API answer arrived (responseEnd), from navigation start. */
  readonly summaryMs: number;
  /** When the page asked for it, from navigation start. */
  readonly summaryStartMs: number;
  readonly rowsInDom: number;
}

export interface ScriptBytes {
  readonly files: number;
  readonly raw: number;
  readonly gzip: number;
}

/** What marks a page as painted: the first row of its table, and the API call it waits for. */
export interface PaintTarget {
  /** A CSS selector for a row of the table, e.g. `table[aria-label="Checks"] tbody tr button`. */
  readonly row: string;
  /** A fragment of the URL of the answer the table is drawn from. */
  readonly api: string;
}

export const healthTable: PaintTarget = {
  row: 'table[aria-label="Checks"] tbody tr button',
  api: '/api/canary/api/summary',
};

// Runs in the page before its scripts: the first row's next painted frame is recorded.
function recordFirstTablePaint(row: string): string {
  return `(() => {
  const observer = new MutationObserver(() => {
    if (!document.querySelector(${JSON.stringify(row)})) return;
    observer.disconnect();
    requestAnimationFrame(() => setTimeout(() => { window.firstTablePaint = performance.now(); }, 0));
  });
  observer.observe(document, { childList: true, subtree: true });
})();`;
}

// Page-side functions: they run in Chromium, where the page's CSP forbids evaluating strings.
const painted = (): boolean => Reflect.has(window, 'firstTablePaint');
const readSample = (target: PaintTarget): unknown => {
  const answer = performance
    .getEntriesByType('resource')
    .find((entry) => entry.name.includes(target.api));
  const firstTableMs: unknown = Reflect.get(window, 'firstTablePaint');
  return {
    firstTableMs,
    summaryMs: answer instanceof PerformanceResourceTiming ? answer.responseEnd : null,
    summaryStartMs: answer instanceof PerformanceResourceTiming ? answer.startTime : null,
    rowsInDom: document.querySelectorAll(target.row).length,
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

/** The session's cookies for the whole site: a deep page's URL would scope them to its folder. */
export function sessionCookies(cookies: ReadonlyArray<readonly [string, string]>, url: string) {
  const site = new URL('/', url).href;
  return cookies.map(([name, value]) => ({ name, value, url: site }));
}

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
  target: PaintTarget = healthTable,
): Promise<PaintSample> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    await context.addCookies(sessionCookies(cookies, url));
    await context.addInitScript(recordFirstTablePaint(target.row));
    const page = await context.newPage();
    await page.goto(url);
    await page.waitForFunction(painted, undefined, { timeout: 60_000 }).catch(async (error) => {
      // What the page showed instead, for whoever reads the failure.
      const shot = path.join(os.tmpdir(), `first-paint-failure-${Date.now()}.png`);
      await page.screenshot({ path: shot }).catch(() => undefined);
      throw new Error(`no row of ${target.row} painted at ${page.url()}; see ${shot}`, {
        cause: error,
      });
    });
    return sampleSchema.parse(await page.evaluate(readSample, target));
  } finally {
    await context.close();
  }
}

/** Every script the page loads until its table is painted, with its gzip size (level 9). */
export async function initialScripts(
  browser: Browser,
  url: string,
  cookies: ReadonlyArray<readonly [string, string]>,
  target: PaintTarget = healthTable,
): Promise<ScriptBytes> {
  const context = await browser.newContext();
  try {
    await context.addCookies(sessionCookies(cookies, url));
    await context.addInitScript(recordFirstTablePaint(target.row));
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

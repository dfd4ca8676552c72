import type { Browser } from '@playwright/test';
import { z } from 'zod';
import { sessionCookies } from '../first-paint-browser.ts';

const cpuProfile = z.object({
  nodes: z.array(
    z.object({
      id: z.number(),
      callFrame: z.object({ functionName: z.string(), url: z.string(), lineNumber: z.number() }),
    }),
  ),
  samples: z.array(z.number()),
  timeDeltas: z.array(z.number()),
});

/**
 * One navigation under the page's CPU profiler, until the first check row is shown: the top
 * functions by self time, to see where the client spends the first paint.
 */
export async function profileNavigation(
  browser: Browser,
  url: string,
  cookies: ReadonlyArray<readonly [string, string]>,
  firstRow: string,
): Promise<string[]> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    await context.addCookies(sessionCookies(cookies, url));
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    await page.goto(url);
    await page.getByRole('button', { name: firstRow, exact: true }).waitFor({ timeout: 60_000 });
    const profile = cpuProfile.parse((await cdp.send('Profiler.stop')).profile);
    const byNode = new Map<number, number>();
    profile.samples.forEach((id, index) =>
      byNode.set(id, (byNode.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0)),
    );
    const self = new Map<string, number>();
    for (const node of profile.nodes) {
      const frame = node.callFrame;
      const file = frame.url.split('/').pop() ?? '';
      const key = `${frame.functionName || '(anonymous)'} ${file}:${frame.lineNumber + 1}`;
      self.set(key, (self.get(key) ?? 0) + (byNode.get(node.id) ?? 0) / 1000);
    }
    return [...self]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 25)
      .map(([name, ms]) => `${ms.toFixed(1).padStart(8)} ms  ${name}`);
  } finally {
    await context.close();
  }
}

import { expect, type Page } from '@playwright/test';
import { catalogIds } from './catalog-seed.ts';

/** Every screen a signed-in admin can open, for the layout, axe and screenshot passes. */
export const screens: ReadonlyArray<{ name: string; path: string }> = [
  { name: 'dashboard', path: '/topology' },
  { name: 'home', path: '/' },
  { name: 'health', path: '/health?hidePassing=false' },
  {
    name: 'check-not-found',
    path: '/health?hidePassing=false&checkId=00000000-0000-7000-8000-00000000dead',
  },
  { name: 'status', path: '/status' },
  { name: 'catalog', path: '/catalog' },
  { name: 'catalog-detail', path: `/catalog/${catalogIds.namespace}?selected=3` },
  { name: 'catalog-changes', path: '/catalog/changes' },
  { name: 'catalog-change-diff', path: `/catalog/changes?change=${catalogIds.change}` },
  { name: 'catalog-insights', path: '/catalog/insights' },
  { name: 'catalog-insight', path: `/catalog/insights?insight=${catalogIds.insight}` },
  { name: 'catalog-relationships', path: `/catalog/${catalogIds.namespace}/relationships` },
  {
    name: 'catalog-graph',
    path: `/catalog/${catalogIds.namespace}/relationships?view=graph`,
  },
  { name: 'catalog-scrapers', path: '/catalog/scrapers' },
  { name: 'catalog-scraper-spec', path: `/catalog/scrapers/${catalogIds.scraper}` },
  { name: 'catalog-scraper-jobs', path: `/catalog/scrapers/${catalogIds.scraper}?tab=jobs` },
  { name: 'incidents', path: '/incidents' },
  { name: 'logs', path: '/logs' },
  { name: 'playbooks', path: '/playbooks' },
  { name: 'playbook-runs', path: '/playbooks/runs' },
  { name: 'settings-playbooks', path: '/settings/playbooks' },
  { name: 'settings-topologies', path: '/settings/topologies' },
  { name: 'settings-logging-backends', path: '/settings/logging_backends' },
  { name: 'connections', path: '/settings/connections' },
  { name: 'jobs', path: '/settings/jobs' },
  { name: 'notifications', path: '/settings/notifications' },
  { name: 'feature-flags', path: '/settings/feature-flags' },
  { name: 'event-queue', path: '/settings/event-queue-status' },
  { name: 'agents', path: '/settings/agents' },
  { name: 'canaries', path: '/settings/canaries' },
  { name: 'canary-new', path: '/settings/canaries/new' },
  { name: 'users', path: '/settings/users' },
  { name: 'teams', path: '/settings/teams' },
  { name: 'incident-rules', path: '/settings/incident_rules' },
  { name: 'integrations', path: '/settings/integrations' },
  { name: 'profile', path: '/profile-settings' },
];

export const widths = [1024, 1440, 1920] as const;

/** Opens a screen and waits until its data has loaded (a heading and no loading skeleton). */
export async function openScreen(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.locator('h1').first().waitFor();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

export interface LayoutProblem {
  kind:
    | 'page overflow'
    | 'cut header'
    | 'hidden column'
    | 'cut placeholder'
    | 'scrolled column'
    | 'lost key column';
  detail: string;
}

/** From this window width every table shows all its columns without scrolling sideways. */
export const allColumnsWidth = 1440;

/**
 * What a person would see as broken: a page wider than the window, header text clipped by
 * its box, a table column pushed out of view with no way to scroll to it (or at all, from
 * `allColumnsWidth`), or a sideways-scrolling table that scrolls its key (first) column away.
 */
export function findLayoutProblems(page: Page): Promise<LayoutProblem[]> {
  return page.evaluate((allColumns) => {
    const problems: LayoutProblem[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth + 1)
      problems.push({
        kind: 'page overflow',
        detail: `${root.scrollWidth} px wide in ${root.clientWidth} px`,
      });
    const label = (element: Element): string =>
      `${element.tagName.toLowerCase()} "${(element.textContent ?? '').trim().slice(0, 40)}"`;
    const clips = (element: Element): boolean => {
      const style = getComputedStyle(element);
      return style.overflowX !== 'visible' || style.textOverflow === 'ellipsis';
    };
    const headers = document.querySelectorAll(
      'h1, h2, h3, th, [role="columnheader"], header button, header a',
    );
    for (const header of headers) {
      if (!(header instanceof HTMLElement) || header.offsetParent === null) continue;
      const cut = [header, ...header.querySelectorAll('*')].some(
        (element) =>
          element instanceof HTMLElement &&
          clips(element) &&
          element.scrollWidth > element.clientWidth + 1,
      );
      if (cut) problems.push({ kind: 'cut header', detail: label(header) });
    }
    for (const cell of document.querySelectorAll('th, [role="columnheader"]')) {
      const rect = cell.getBoundingClientRect();
      if (rect.width === 0 || rect.right <= window.innerWidth + 1) continue;
      let scrolls = false;
      for (let parent = cell.parentElement; parent !== null; parent = parent.parentElement) {
        const overflowX = getComputedStyle(parent).overflowX;
        if (overflowX === 'auto' || overflowX === 'scroll') scrolls = true;
      }
      if (!scrolls) problems.push({ kind: 'hidden column', detail: label(cell) });
    }
    const sidewaysScroller = (cell: Element): HTMLElement | null => {
      for (let parent = cell.parentElement; parent !== null; parent = parent.parentElement) {
        const overflowX = getComputedStyle(parent).overflowX;
        const scrolls = overflowX === 'auto' || overflowX === 'scroll';
        if (scrolls && parent.scrollWidth > parent.clientWidth + 1) return parent;
      }
      return null;
    };
    for (const table of document.querySelectorAll('table, [role="table"], [role="grid"]')) {
      const cells = [...table.querySelectorAll('th, [role="columnheader"]')].filter(
        (cell) => cell instanceof HTMLElement && cell.offsetParent !== null,
      );
      const [key] = cells;
      const box = key === undefined ? null : sidewaysScroller(key);
      if (key === undefined || box === null) continue;
      const saved = box.scrollLeft;
      box.scrollLeft = 0;
      const visibleRight = box.getBoundingClientRect().left + box.clientLeft + box.clientWidth;
      const beyond = cells.filter((cell) => cell.getBoundingClientRect().right > visibleRight + 1);
      if (window.innerWidth >= allColumns && beyond.length > 0)
        problems.push({ kind: 'scrolled column', detail: beyond.map(label).join(', ') });
      box.scrollLeft = box.scrollWidth;
      const visibleLeft = box.getBoundingClientRect().left + box.clientLeft;
      if (key.getBoundingClientRect().left < visibleLeft - 1)
        problems.push({ kind: 'lost key column', detail: label(key) });
      box.scrollLeft = saved;
    }
    const context = document.createElement('canvas').getContext('2d');
    for (const input of document.querySelectorAll('input[placeholder]')) {
      if (!(input instanceof HTMLInputElement) || input.offsetParent === null || context === null)
        continue;
      const style = getComputedStyle(input);
      context.font = style.font;
      const room =
        input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      if (context.measureText(input.placeholder).width > room + 1)
        problems.push({ kind: 'cut placeholder', detail: `input "${input.placeholder}"` });
    }
    return problems;
  }, allColumnsWidth);
}

/**
 * Tabs through the first `presses` stops of the page from the top and names each focused
 * element that shows no focus indicator (an outline or a ring, on it or on its editor).
 */
export async function findInvisibleFocus(page: Page, presses = 80): Promise<string[]> {
  await page.evaluate(() => {
    if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
  });
  const problems: string[] = [];
  for (let index = 0; index < presses; index += 1) {
    await page.keyboard.press('Tab');
    let problem = await page.evaluate(focusProblem, false);
    if (typeof problem === 'string' && problem !== 'end') {
      // Rings fade in and CodeMirror marks its focus a moment later: wait a little for it.
      const shown = await page
        .waitForFunction(focusProblem, true, { timeout: 1_000 })
        .then(() => true)
        .catch(() => false);
      if (shown) problem = null;
    }
    if (problem === 'end') break;
    if (typeof problem === 'string' && !problems.includes(problem)) problems.push(problem);
  }
  return problems;
}

/**
 * Run in the page: the focused element when it shows no focus indicator, 'end' past the last
 * stop, or null; with `shownOnly`, just whether it shows one (for waitForFunction).
 */
function focusProblem(shownOnly: boolean): string | boolean | null {
  const problem = ((): string | null => {
    const active = document.activeElement;
    if (!(active instanceof HTMLElement) || active === document.body) return 'end';
    // Tailwind leaves transparent outlines and zero rings in place: only a painted one counts.
    const painted = (color: string): boolean => {
      if (color === 'transparent') return false;
      const alpha =
        /^rgba\([^,]+,[^,]+,[^,]+,\s*([\d.]+)\)$/.exec(color) ?? /\/\s*([\d.]+)\)$/.exec(color);
      return alpha === null || parseFloat(alpha[1] ?? '1') > 0;
    };
    const shows = (element: Element | null): boolean => {
      if (element === null) return false;
      const style = getComputedStyle(element);
      const outline =
        style.outlineStyle !== 'none' &&
        parseFloat(style.outlineWidth) > 0 &&
        painted(style.outlineColor);
      const shadows = /((?:rgba?|hsla?|oklch|oklab|lab|lch|color)\([^)]*\))([^,]*)/g;
      const rings = [...style.boxShadow.matchAll(shadows)].some(
        ([, color = '', lengths = '']) =>
          painted(color) &&
          lengths.match(/-?[\d.]+px/g)?.some((n, i) => i >= 2 && parseFloat(n) > 0),
      );
      return outline || rings;
    };
    if (shows(active) || shows(active.closest('.cm-editor'))) return null;
    const name = active.getAttribute('aria-label') ?? active.textContent ?? '';
    return `${active.tagName.toLowerCase()} "${name.trim().slice(0, 40)}"`;
  })();
  return shownOnly ? problem === null : problem;
}

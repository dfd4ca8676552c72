import type { Page } from '@playwright/test';
import { asAdmin } from './api.ts';
import { expect } from './fixtures.ts';

/** Replaces the canary editor's whole text; insertText does not auto-indent as typing would. */
export async function replaceYaml(page: Page, text: string): Promise<void> {
  const editor = page.getByRole('textbox', { name: 'Canary YAML' });
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(text);
}

/** Soft-deletes the canaries whose name is `like` the pattern, whatever their source. */
export async function deleteCanaries(pattern: string): Promise<void> {
  await asAdmin(async (admin) => {
    const deleted_at = new Date().toISOString();
    // A source-managed canary changes only when the write names its source.
    for (const [filter, data] of [
      ['source=eq.kubernetes', { deleted_at, source: 'kubernetes' }],
      ['source=eq.UI', { deleted_at }],
      ['source=is.null', { deleted_at }],
    ] as const) {
      const cleaned = await admin.patch(`/api/db/canaries?name=like.${pattern}&${filter}`, {
        data,
      });
      expect(cleaned.ok(), await cleaned.text()).toBe(true);
    }
  });
}

import { z } from 'zod';
import { defineWriteHook, type WriteHook } from '../../../data-api/write-hooks.ts';
import { badRequest } from '../../../platform/errors.ts';

/** Links made in the console carry this selector; scrapers and agents write their own. */
export const manualSelector = 'manual';

const linkSchema = z.looseObject({ selector_id: z.string() });

/**
 * Config links written through the data API are manual (spec §6: only manual config links can
 * be unlinked): an insert without selector_id gets 'manual', any other selector is refused,
 * a link is never edited, and deleting a link a scraper made is refused.
 */
function manualLinks(resource: string): WriteHook {
  return defineWriteHook({
    schema: linkSchema,
    async beforeInsert(_ctx, rows) {
      return rows.map((row) => {
        const selector = row.selector_id ?? manualSelector;
        if (selector !== manualSelector) {
          throw badRequest(
            `selector_id: only manual links can be created (selector_id = 'manual')`,
          );
        }
        return { ...row, selector_id: manualSelector };
      });
    },
    async beforeUpdate() {
      throw badRequest(`${resource}: links are created and deleted, never edited`);
    },
    async beforeDelete(_ctx, rows) {
      if (rows.some((row) => row.selector_id !== manualSelector)) {
        throw badRequest('selector_id: only manual config links can be deleted');
      }
    },
  });
}

export const manualLinkHooks: Readonly<Record<string, WriteHook>> = {
  config_relationships: manualLinks('config_relationships'),
  config_component_relationships: manualLinks('config_component_relationships'),
};

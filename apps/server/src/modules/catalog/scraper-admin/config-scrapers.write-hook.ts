import type { WriteHook } from '../../../data-api/write-hooks.ts';
import { badRequest } from '../../../platform/errors.ts';
import {
  connectionPairings,
  mayPairConnections,
  refuseForeignPairings,
} from '../../connections/connection-pairings.ts';
import { creatorOf } from '../../health/canaries/creator.repository.ts';
import { firstSlot, parseSchedule } from '../../health/engine/schedule.ts';
import { parseScrapeSpec, scheduleOf } from '../scrape-spec/scrape-config.ts';

/**
 * The one write path of scrapers: the data API (`config_scrapers`), the Kubernetes-style API
 * and `vigil apply` all land here. The spec is validated before anything is written (the
 * refusal names the field), the schedule column follows it, and connection pairings obey
 * the rule of docs/connections.md.
 */
export const configScrapersWriteHook: WriteHook = {
  async beforeWrite(ctx, rows) {
    if (ctx.operation === 'delete') return rows;
    const creator =
      ctx.operation === 'insert' ? { created_by: await creatorOf(ctx.client, ctx.actor) } : {};
    const written: Record<string, unknown>[] = [];
    for (const given of rows) {
      const row = { ...given };
      delete row.connection_pairing_approved;
      if (ctx.operation === 'insert' && (typeof row.name !== 'string' || row.name === '')) {
        throw badRequest('name is required');
      }
      if (!('spec' in row)) {
        if (ctx.operation === 'insert') throw badRequest('spec is required');
        written.push({ ...row, ...creator });
        continue;
      }
      const parsed = parseScrapeSpec(row.spec);
      if (!parsed.ok) throw badRequest(`${parsed.field} ${parsed.message}`);
      const pairings = parsed.scrapes.flatMap((scrape) =>
        connectionPairings(scrape.entry, scrape.field),
      );
      await refuseForeignPairings(ctx.client, ctx.actor, pairings);
      const schedule = scheduleOf(parsed.schedule);
      written.push({
        ...row,
        ...creator,
        schedule,
        next_runtime: new Date(firstSlot(parseSchedule(schedule), Date.now())),
        connection_pairing_approved: mayPairConnections(ctx.actor),
      });
    }
    return written;
  },
};

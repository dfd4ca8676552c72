import { z } from 'zod';
import { defineWriteHook, type WriteContext } from '../../../data-api/write-hooks.ts';
import { creatorOf } from '../../../platform/creator.ts';
import { badRequest } from '../../../platform/errors.ts';
import {
  connectionPairings,
  mayPairConnections,
  refuseForeignPairings,
} from '../../connections/index.ts';
import { firstSlot, parseSchedule } from '../../health/index.ts';
import { parseScrapeSpec, scheduleOf } from '../scrape-spec/scrape-config.ts';

type Row = Record<string, unknown>;

/**
 * The one write path of scrapers: the data API (`config_scrapers`), the Kubernetes-style API
 * and `vigil apply` all land here. The spec is validated before anything is written (the
 * refusal names the field), the schedule column follows it, and connection pairings obey
 * the rule of docs/connections.md.
 */
export const configScrapersWriteHook = defineWriteHook({
  schema: z.object({ id: z.string() }),
  async beforeInsert(ctx, rows) {
    // Recorded by the server, never taken from the body: a client cannot name another creator.
    const created_by = await creatorOf(ctx.client, ctx.actor);
    const written: Row[] = [];
    for (const row of rows) {
      if (typeof row.name !== 'string' || row.name === '') throw badRequest('name is required');
      if (!('spec' in row)) throw badRequest('spec is required');
      written.push({ ...(await withSpec(ctx, row)), created_by });
    }
    return written;
  },
  async beforeUpdate(ctx, patch) {
    if ('spec' in patch) return withSpec(ctx, patch);
    const row = { ...patch };
    delete row.connection_pairing_approved;
    return row;
  },
});

/** Validates a written spec and derives the columns that follow it. */
async function withSpec(ctx: WriteContext, given: Row): Promise<Row> {
  const row = { ...given };
  delete row.connection_pairing_approved;
  const parsed = parseScrapeSpec(row.spec);
  if (!parsed.ok) throw badRequest(`${parsed.field} ${parsed.message}`);
  const pairings = parsed.scrapes.flatMap((scrape) =>
    connectionPairings(scrape.entry, scrape.field),
  );
  await refuseForeignPairings(ctx.client, ctx.actor, pairings);
  const schedule = scheduleOf(parsed.schedule);
  return {
    ...row,
    schedule,
    next_runtime: new Date(firstSlot(parseSchedule(schedule), Date.now())),
    connection_pairing_approved: mayPairConnections(ctx.actor),
  };
}

import { z } from 'zod';
import { specResourceWrites } from '../../../data-api/spec-write-hook.ts';
import { defineWriteHook, type WriteContext } from '../../../data-api/write-hooks.ts';
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
  ...specResourceWrites(withSpec),
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

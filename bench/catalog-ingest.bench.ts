import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { pino } from 'pino';
import { Registry } from 'prom-client';
import {
  ingestScrapeResult,
  type IngestInput,
} from '../apps/server/src/modules/catalog/ingest/ingest.ts';
import { createEnqueue } from '../apps/server/src/modules/events/enqueue.ts';
import { createEventMetrics } from '../apps/server/src/modules/events/event-metrics.ts';
import type { ScrapeSummary } from '../apps/server/src/modules/catalog/scrapers/scrape-result.ts';
import { createDatabase } from '../apps/server/src/platform/db.ts';
import { syntheticCatalog, syntheticItems } from './catalog/items.ts';
import { createBenchDatabase } from './database.ts';

/**
 * Catalog ingest (issue 22): one scrape of N items (15 types, ~2 KB documents, parents), then a
 * rescrape with 5% of the documents changed, through ingestScrapeResult on a real PostgreSQL
 * (DATABASE_URL or embedded). Goals: first ingest ≥ 10,000 items/s, rescrape ≥ 30,000 items/s,
 * peak RSS < 512 MB. config.* events are queued as if a consumer took them.
 */
const { values } = parseArgs({
  options: {
    items: { type: 'string', default: '100000' },
    changed: { type: 'string', default: '0.05' },
    out: { type: 'string' },
    // stream: the items are generated as the ingest reads them, as a scraper streaming its
    // source would yield them; array: all of them are held first (the scrape result as one array).
    input: { type: 'string', default: 'stream' },
  },
});
const count = Number(values.items);
const fraction = Number(values.changed);
const streamed = values.input !== 'array';
const goal = { firstItemsPerSecond: 10_000, rescrapeItemsPerSecond: 30_000, peakRssMb: 512 };

/** VmHWM: the process's peak resident set since start or the last resetPeak(). */
function peakRssMb(): number {
  const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
  return match ? Number(match[1]) / 1024 : Number.NaN;
}
function resetPeak(): void {
  writeFileSync('/proc/self/clear_refs', '5');
}
const mb = (bytes: number) => bytes / 1024 / 1024;
const totals = (summary: ScrapeSummary) =>
  Object.values(summary).reduce(
    (sum, t) => ({
      added: sum.added + t.added,
      updated: sum.updated + t.updated,
      unchanged: sum.unchanged + t.unchanged,
      changes: sum.changes + t.changes,
    }),
    { added: 0, updated: 0, unchanged: 0, changes: 0 },
  );

const database = await createBenchDatabase(pino({ level: 'warn' }));
const db = createDatabase(database.url, 4);
try {
  const scraper = await db.pool.query<{ id: string; agent_id: string }>(
    `insert into config_scrapers (name, spec) values ('bench', '{}') returning id, agent_id`,
  );
  const row = scraper.rows[0];
  if (!row) throw new Error('no scraper row');
  const target = { id: row.id, agentId: row.agent_id };
  const enqueue = createEnqueue({
    consumed: new Set([
      'config.created',
      'config.updated',
      'config.deleted',
      'config.healthy',
      'config.unhealthy',
      'config.warning',
      'config.unknown',
    ]),
    filters: new Map(),
    metrics: createEventMetrics(new Registry()),
  });

  let bytes = 0;
  for (const item of syntheticItems(count)) bytes += JSON.stringify(item.config).length;
  const step = Math.round(1 / fraction);
  const catalog = streamed ? undefined : syntheticCatalog(count);
  global.gc?.();
  // The RSS before the ingest: with --input array it includes the items held in memory.
  const inputRssMb = mb(process.memoryUsage.rss());
  resetPeak();

  const run = async (label: string, items: IngestInput['items']) => {
    const started = performance.now();
    const nodeCpu = process.cpuUsage();
    const serverCpu = database.serverCpuMs();
    const summary = await ingestScrapeResult(
      db,
      target,
      { items, changes: [], analysis: [], relationships: [], errors: [] },
      { full: false, enqueue },
    );
    const seconds = (performance.now() - started) / 1000;
    const used = process.cpuUsage(nodeCpu);
    const nodeCpuSeconds = (used.user + used.system) / 1e6;
    const serverCpuNow = database.serverCpuMs();
    const serverCpuSeconds =
      serverCpu === undefined || serverCpuNow === undefined
        ? undefined
        : (serverCpuNow - serverCpu) / 1000;
    const t = totals(summary);
    const line = {
      label,
      seconds,
      itemsPerSecond: count / seconds,
      changesPerSecond: t.changes / seconds,
      // CPU seconds used, which the machine's load does not inflate: items per CPU second is
      // the rate this phase would reach with two idle cores.
      nodeCpuSeconds,
      serverCpuSeconds,
      itemsPerCpuSecond: count / (nodeCpuSeconds + (serverCpuSeconds ?? 0)),
      loadAverage: os.loadavg()[0],
      ...t,
      peakRssMb: peakRssMb(),
    };
    console.log(JSON.stringify(line));
    return line;
  };

  const first = await run('first ingest', catalog?.items ?? syntheticItems(count));
  const changed = catalog ? catalog.change(fraction, 2) : Math.ceil(count / step);
  resetPeak();
  const rescrape = await run(
    `rescrape (${changed} changed)`,
    catalog?.items ?? syntheticItems(count, { step, version: 2 }),
  );
  const events = await db.pool.query<{ name: string; n: string }>(
    'select name, count(*) as n from event_queue group by name order by name',
  );
  const size = await db.pool.query<{ size: string }>(
    `select pg_size_pretty(pg_total_relation_size('config_items')) as size`,
  );
  const peak = Math.max(first.peakRssMb, rescrape.peakRssMb);
  const report = {
    items: count,
    averageDocumentBytes: Math.round(bytes / count),
    input: streamed ? 'stream' : 'array',
    database: `${database.source} PostgreSQL ${database.serverVersion}`,
    inputRssMb: Math.round(inputRssMb),
    first,
    rescrape,
    peakRssMb: Math.round(peak),
    ingestRssAboveInputMb: Math.round(peak - inputRssMb),
    eventsQueued: Object.fromEntries(events.rows.map((r) => [r.name, Number(r.n)])),
    configItemsSize: size.rows[0]?.size,
    goals: {
      first: first.itemsPerSecond >= goal.firstItemsPerSecond,
      rescrape: rescrape.itemsPerSecond >= goal.rescrapeItemsPerSecond,
      peakRss: peak < goal.peakRssMb,
    },
  };
  console.log(JSON.stringify(report, null, 2));
  if (values.out) writeFileSync(values.out, `${JSON.stringify(report, null, 2)}\n`);
} finally {
  await db.close();
  await database.drop();
}
